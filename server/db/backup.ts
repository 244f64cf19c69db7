// Backups of the embedded database (issue 54): `npm run db:backup` asks the running server for a copy
// (SIGUSR2: only who may signal the process, its own user or root, can) or, when none runs, copies the
// data folder itself; `npm run db:restore` makes a fresh data folder from one. A copy is PGlite's tar of
// the data folder taken under its lock, while no query runs: the database as of one moment, which
// PostgreSQL starts from as from a clean stop. PostgreSQL deployments use pg_dump (docs/deployment.md "Backups").
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatabaseHandle } from './client.ts';

/** Where backups go, beside the database: DATA_DIR/backups/followscope-<time>.tar.gz. */
export const backupDir = (dataDir: string) => join(dataDir, 'backups');
/** The running server's process id, so `db:backup` can ask it. */
export const pidFile = (dataDir: string) => join(dataDir, 'server.pid');

/** Writes a copy of the database into backupDir, whole or not at all; returns its path. */
export async function writeBackup(database: DatabaseHandle, dataDir: string, now = new Date()): Promise<string> {
  if (!database.dump) throw new Error('only the embedded database is copied this way; use pg_dump');
  const dir = backupDir(dataDir);
  await mkdir(dir, { recursive: true });
  const file = join(dir, `followscope-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
  const copy = await database.dump('gzip');
  // Written beside its name, then renamed: a reader never sees half a copy.
  await writeFile(`${file}.partial`, Buffer.from(await copy.arrayBuffer()));
  await rename(`${file}.partial`, file);
  return file;
}

/** The backups in a data folder, oldest first. */
export async function backupsIn(dataDir: string): Promise<string[]> {
  const dir = backupDir(dataDir);
  if (!existsSync(dir)) return [];
  return (await readdir(dir))
    .filter((name) => name.endsWith('.tar.gz'))
    .sort()
    .map((name) => join(dir, name));
}

/** The process id of the server running on `dataDir`, if one is. */
export function runningServerOn(dataDir: string): number | undefined {
  const file = pidFile(dataDir);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    // A pid file a server that died left.
    return undefined;
  }
}

/** Records this process as the server of `dataDir`, until it exits. */
export async function claimDataDir(dataDir: string): Promise<void> {
  await writeFile(pidFile(dataDir), String(process.pid));
  process.once('exit', () => {
    try {
      if (readFileSync(pidFile(dataDir), 'utf8').trim() === String(process.pid))
        rmSync(pidFile(dataDir), { force: true });
    } catch {
      // Gone already.
    }
  });
}

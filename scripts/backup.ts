// `npm run db:backup` (issue 54): a copy of the embedded database in DATA_DIR/backups, taken by the running
// server when there is one (it is asked with SIGUSR2 and writes it between two queries), else from the
// data folder itself. With DATABASE_URL it says how to back up PostgreSQL instead.
import { copyFileSync } from 'node:fs';
import { loadConfig } from '../server/config.ts';
import { backupsIn, runningServerOn, writeBackup } from '../server/db/backup.ts';
import { openDatabase } from '../server/db/client.ts';

const WAIT_MS = 120_000;
const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: back PostgreSQL up with pg_dump (README "Deployment": the public, drizzle and pgboss schemas)',
  );
  process.exit(2);
}
const destination = process.argv[2];
const server = runningServerOn(config.dataDir);
let file: string;
if (server) {
  const before = new Set(await backupsIn(config.dataDir));
  process.kill(server, 'SIGUSR2');
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const made = (await backupsIn(config.dataDir)).find((path) => !before.has(path));
    if (made) {
      file = made;
      break;
    }
    if (Date.now() > until)
      throw new Error(`the server (pid ${server}) wrote no backup in ${WAIT_MS / 1000} s; see its log`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
} else {
  const database = await openDatabase({ dataDir: config.dataDir });
  file = await writeBackup(database, config.dataDir);
  await database.close();
}
if (destination) copyFileSync(file, destination);
console.log(`Backup written: ${destination ?? file}${server ? ` (by the running server, pid ${server})` : ''}`);

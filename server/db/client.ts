// Opens the database: embedded PGlite in the data folder by default, PostgreSQL with DATABASE_URL.
// The same Drizzle code and migrations run on both.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions, types as pgTypes } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { scheduledClient } from './query-scheduler.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'embedded' | 'postgresql';
  /** The PostgreSQL server's URL (the job queue connects to it too). */
  url?: string;
  close(): Promise<void>;
  /**
   * An embedded database's data folder as one tar (`{ memory: true, from }` opens it), taken while no
   * query runs (PGlite's own lock): a copy as of one moment, whatever the server is doing.
   */
  dump?(compression?: 'none' | 'gzip'): Promise<Blob>;
  /** The migrations this opening applied, by name (issue 54: `db:migrate` says each). */
  applied: string[];
}

/** The journal's migrations, in order: each one's name and the time drizzle records it by. */
function journal(): Array<{ tag: string; when: number }> {
  const path = fileURLToPath(new URL('./migrations/meta/_journal.json', import.meta.url));
  return (JSON.parse(readFileSync(path, 'utf8')) as { entries: Array<{ tag: string; when: number }> }).entries;
}

/** The newest migration drizzle has recorded as applied (0 on a database that has none). */
async function newestApplied(execute: (query: string) => Promise<{ rows: unknown[] }>): Promise<number> {
  try {
    const { rows } = await execute('select max(created_at)::text as newest from drizzle.__drizzle_migrations');
    return Number((rows[0] as { newest?: string | null } | undefined)?.newest ?? 0);
  } catch {
    // No migrations table yet: an empty database.
    return 0;
  }
}

/** What migrating from `before` applied: every journal entry newer than it. */
const appliedAfter = (before: number) =>
  journal()
    .filter((entry) => entry.when > before)
    .map((entry) => entry.tag);

/**
 * The embedded PostgreSQL's settings for a small host (issue 19): PGlite keeps shared buffers inside its
 * WebAssembly memory, which never shrinks, and its data folder's files stay in the OS's page cache, so
 * 16 MB of shared buffers instead of PostgreSQL's 128 MB costs little speed and saves that much memory
 * for the server's whole life (measured: a reopened data folder 339 MB RSS by default, 210 MB with these).
 */
const embeddedStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'wal_buffers=1MB'];

/**
 * bytea as one hex string each way. PGlite's own serializer maps every byte to a string of its own
 * (Array.from(bytes).map(...).join()), so an 8 MB snapshot made 8 million strings and hundreds of
 * megabytes of garbage, and its parser called parseInt once per byte (issue 19).
 */
const byteaHandlers: Pick<PGliteOptions, 'serializers' | 'parsers'> = {
  serializers: {
    [pgTypes.BYTEA]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
    },
  },
  parsers: { [pgTypes.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

/**
 * Creates a new data folder (PostgreSQL's initdb) in a process of its own and closes it there. Done in
 * the server's process, initdb grew it by about 500 MB it never gave back, and even in a worker thread
 * the process peaked near 1 GB while it ran (issue 19: a self-hoster's 1 GB machine must run it).
 */
async function createDataFolderApart(dir: string): Promise<void> {
  const { spawn } = await import('node:child_process');
  const pglite = JSON.stringify(import.meta.resolve('@electric-sql/pglite'));
  const create = `const { PGlite } = await import(${pglite}); await (await PGlite.create(${JSON.stringify(dir)})).close();`;
  const child = spawn(process.execPath, ['--input-type=module', '--eval', create], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the database in ${dir} failed (${code}): ${errors.trim()}`)),
    );
  });
}

/** Any number two processes agree on: migrations run under this advisory lock, one process at a time. */
const MIGRATION_LOCK = 7_246_001;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Where to keep data: a PostgreSQL URL, a folder for the embedded database, or memory (tests), empty or
 * started from a data folder PGlite dumped (`dumpDataDir`), which skips initdb.
 */
export type DatabaseTarget =
  | { url: string; poolSize?: number }
  /** `from`: a dumped data folder to start a new one from (db:restore). */
  | { dataDir: string; from?: Blob }
  | { memory: true; from?: Blob };

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle connection the server drops (a restart, a failover) is replaced on next use; without a
    // listener its error would end the process.
    pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
    const db = drizzle({ client: pool, schema });
    // Processes starting together (a deploy) take turns: the first migrates, the rest find nothing to do.
    const lock = await pool.connect();
    let before = 0;
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      before = await newestApplied((query) => lock.query(query));
      await migrate(db, { migrationsFolder });
      const { migrateJobSchema } = await import('../jobs/pg-boss.ts');
      await migrateJobSchema(target.url);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      lock.release();
    }
    return {
      db: db as unknown as Database,
      kind: 'postgresql',
      url: target.url,
      close: () => pool.end(),
      applied: appliedAfter(before),
    };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client: PGlite;
  if ('dataDir' in target) {
    const dir = join(target.dataDir, 'pgdata');
    await mkdir(dir, { recursive: true });
    // A new data folder is created (initdb) in a thread of its own: its memory leaves with the thread.
    if (target.from) {
      client = await PGlite.create(dir, {
        startParams: embeddedStartParams,
        loadDataDir: target.from,
        ...byteaHandlers,
      });
    } else {
      if (!existsSync(join(dir, 'PG_VERSION'))) await createDataFolderApart(dir);
      client = await PGlite.create(dir, { startParams: embeddedStartParams, ...byteaHandlers });
    }
  } else {
    client = await PGlite.create({ startParams: embeddedStartParams, loadDataDir: target.from, ...byteaHandlers });
  }
  // Queries take turns with the event loop (accepting, reading sockets) and with the job worker's:
  // server/db/query-scheduler.ts.
  const db = drizzle({ client: scheduledClient(client), schema });
  const before = await newestApplied((query) => client.query(query));
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'embedded',
    applied: appliedAfter(before),
    close: () => client.close(),
    dump: (compression = 'none') => client.dumpDataDir(compression),
  };
}

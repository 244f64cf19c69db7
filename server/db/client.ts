// Opens the database: embedded PGlite in the data folder by default, PostgreSQL with DATABASE_URL.
// The same Drizzle code and migrations run on both.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'embedded' | 'postgresql';
  /** The PostgreSQL server's URL (the job queue connects to it too). */
  url?: string;
  close(): Promise<void>;
}

/** Any number two processes agree on: migrations run under this advisory lock, one process at a time. */
const MIGRATION_LOCK = 7_246_001;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Where to keep data: a PostgreSQL URL, a folder for the embedded database, or memory (tests). */
export type DatabaseTarget = { url: string; poolSize?: number } | { dataDir: string } | { memory: true };

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
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(db, { migrationsFolder });
      const { migrateJobSchema } = await import('../jobs/pg-boss.ts');
      await migrateJobSchema(target.url);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      lock.release();
    }
    return { db: db as unknown as Database, kind: 'postgresql', url: target.url, close: () => pool.end() };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client: PGlite;
  if ('dataDir' in target) {
    const dir = join(target.dataDir, 'pgdata');
    await mkdir(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'embedded', close: () => client.close() };
}

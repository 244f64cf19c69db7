// `npm run db:restore -- <backup.tar.gz>` (issue 54): a fresh embedded database in DATA_DIR from a copy
// `db:backup` wrote. It refuses a DATA_DIR that already holds a database (restore into an empty folder,
// then point the server at it), so nothing is overwritten.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';

const config = loadConfig();
const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error('Give the backup to restore: npm run db:restore -- <DATA_DIR>/backups/followscope-<time>.tar.gz');
  process.exit(2);
}
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (README "Deployment")');
  process.exit(2);
}
const pgdata = join(config.dataDir, 'pgdata');
if (existsSync(join(pgdata, 'PG_VERSION'))) {
  console.error(
    `${config.dataDir} already holds a database: restore into an empty DATA_DIR, then start the server on it`,
  );
  process.exit(2);
}
await mkdir(pgdata, { recursive: true });
// Opened from the copy, which PGlite unpacks into the folder; the migrations then bring it up to date.
const database = await openDatabase({ dataDir: config.dataDir, from: new Blob([readFileSync(file)]) });
await database.close();
console.log(
  `Restored ${file} into ${config.dataDir}${database.applied.length ? ` (${database.applied.length} migration(s) applied)` : ''}`,
);

// Brings the database's schema up to date and exits: the release step before new processes start
// (each process also migrates at start, one at a time under an advisory lock, so this is optional).
// Issue 54: it says each migration it applied, or that there was none to apply, and the rights it needs.
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
await database.close();
for (const name of database.applied) console.log(`Applied migration ${name}`);
console.log(
  database.applied.length > 0
    ? `${database.applied.length} migration(s) applied (database: ${database.kind})`
    : `Nothing to apply: the schema is up to date (database: ${database.kind})`,
);
if (database.kind === 'postgresql') {
  // What the user in DATABASE_URL must be allowed (docs/deployment.md "Migrations"): the first run creates schemas.
  console.log(
    'Rights it needs: CREATE on the database (it creates the schemas "drizzle" and "pgboss"), and to own the ' +
      'tables of "public", "drizzle" and "pgboss" (migrations alter them)',
  );
}

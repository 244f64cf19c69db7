// Brings the database's schema up to date and exits: the release step before new processes start
// (each process also migrates at start, one at a time under an advisory lock, so this is optional).
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
await database.close();
console.log(`Migrations are up to date (database: ${database.kind})`);

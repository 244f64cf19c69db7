// Issue 35's fault suite, the outside services' half, with figures: the mail server hanging and refusing
// (on the embedded database and on PostgreSQL 15), Recurly answering after the deadline and answering
// 503, and the Graph API hanging mid-collection, each against the real server process and a local server
// speaking its protocol. `npm run bench -- faults`, about 12 minutes, most of it waiting on deadlines and
// backoffs as they run in production. What "nothing lost" means for each: docs/benchmarks.md "Faults".

import { createDatabase, providePostgres } from '../tests/support/postgres.ts';
import { load } from './analysis-stall.ts';
import { benchGraphFaults } from './fault-graph.ts';
import { benchMailFaults } from './fault-mail.ts';
import { benchRecurlyFaults } from './fault-recurly.ts';

/** The mail faults on the embedded database, then on a throwaway PostgreSQL 15. */
async function mailOnBoth() {
  const embedded = await benchMailFaults();
  const postgres = await providePostgres();
  const database = await createDatabase(postgres.url);
  try {
    return { embedded, postgresql: await benchMailFaults({ DATABASE_URL: database.url }) };
  } finally {
    await database.drop().catch(() => undefined);
    await postgres.stop();
  }
}

/** Every fault, one after another; the load average at the start and at the end (a shared machine). */
export async function benchFaults() {
  const loadAtStart = load();
  const measuredAt = new Date().toISOString();
  const mail = await mailOnBoth();
  const recurly = await benchRecurlyFaults();
  const graph = await benchGraphFaults();
  return { measured_at: measuredAt, load_average: { start: loadAtStart, end: load() }, mail, recurly, graph };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv[2];
  const one = { mail: mailOnBoth, recurly: benchRecurlyFaults, graph: benchGraphFaults }[only ?? ''];
  console.log(JSON.stringify(await (one ?? benchFaults)(), null, 2));
}

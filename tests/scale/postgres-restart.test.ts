// Issue 35 item 3 in CI: PostgreSQL restarted (stopped at once, as a crash, and started again) while
// subscribers keep asking for their record. A request may fail only while it overlaps the restart; once
// PostgreSQL accepts connections again every request is answered, and an analysis (the job queue's own
// connections) runs to its end. A cluster of its own, since this test stops it: `npm run bench --
// faults_process` measures the same with more subscribers and restarts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../e2e/server.ts';
import { startAnalysis, subscriber } from '../support/account-figures.ts';
import { type CreatedDatabase, createDatabase, type OwnPostgres, ownPostgres } from '../support/postgres.ts';

/** Ports of its own (the server's clients and the restarted cluster must meet where they were). */
const PORTS = { postgres: 8532, server: 8533 };

let postgres: OwnPostgres;
let database: CreatedDatabase;
let server: RunningServer;

beforeAll(async () => {
  postgres = await ownPostgres({ port: PORTS.postgres });
  database = await createDatabase(postgres.url);
  server = await startServer({
    DATABASE_URL: database.url,
    PORT: String(PORTS.server),
    SERVE_APP: 'false',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'fatal',
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop().catch(() => undefined);
  await postgres?.stop();
});

interface Sent {
  from: number;
  to: number;
  status: number;
}

/** Asks for the account's record one request after another until `stopped()`. */
async function askUntil(token: string, stopped: () => boolean, sent: Sent[]) {
  while (!stopped()) {
    const from = performance.now();
    const status = await fetch(`${server.url}/api/v1/client/user/detail/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    }).then(
      async (answer) => {
        await answer.arrayBuffer();
        return answer.status;
      },
      () => 0,
    );
    sent.push({ from, to: performance.now(), status });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('answers every request once PostgreSQL is back from a crash, and still runs analyses', async () => {
  const tokens = await Promise.all(
    [0, 1].map((i) => subscriber(server.url, `restart.${i}@example.com`, `load.${i}.sample`)),
  );
  let stopped = false;
  const sent: Sent[] = [];
  const asking = tokens.map((token) => askUntil(token, () => stopped, sent));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const down = performance.now();
  await postgres.crash();
  await postgres.start();
  const up = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  stopped = true;
  await Promise.all(asking);

  const after = sent.filter((request) => request.from > up);
  expect(after.length).toBeGreaterThan(0);
  expect(sent.filter((request) => request.status !== 200 && (request.to < down || request.from > up))).toEqual([]);
  expect(await startAnalysis(server.url, tokens[0] as string)).toMatchObject({ status: 200 });
}, 120_000);

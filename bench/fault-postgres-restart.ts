// Issue 35 item 3: PostgreSQL restarted under a steady load. A few subscribers each ask for their
// record (POST user/detail) one request after another; PostgreSQL is stopped at once (immediate mode,
// as a crash: every connection cut, crash recovery at the next start) and started again, RESTARTS
// times. Nothing lost means: a request may fail only while it overlapped a restart (from the stop to
// PostgreSQL accepting connections again); none fails beyond those seconds, and an analysis run after
// the last restart completes (the job queue found its database again too).
import { startServer } from '../tests/e2e/server.ts';
import { startAnalysis, subscriber } from '../tests/support/account-figures.ts';
import { createDatabase, ownPostgres } from '../tests/support/postgres.ts';
import { FAULT_PORTS, FAULT_SERVER_ENV, round1, seconds, sleep } from './fault-client.ts';

const SUBSCRIBERS = 4;
const RESTARTS = 3;
/** Load before the first restart and after each. */
const BETWEEN_MS = 10_000;
/** Each subscriber's pause between an answer and its next request. */
const PAUSE_MS = 20;
/** A request unanswered after this long has failed. */
const TIMEOUT_MS = 10_000;

interface Sent {
  from: number;
  to: number;
  ok: boolean;
  failure?: string;
}

/** One subscriber asking for its record until `stopped()`; every request's times and outcome. */
async function askUntil(origin: string, token: string, stopped: () => boolean, sent: Sent[]) {
  while (!stopped()) {
    const from = performance.now();
    try {
      const answer = await fetch(`${origin}/api/v1/client/user/detail/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }).then(async (response) => ({ status: response.status, body: await response.text() }));
      const ok = answer.status === 200;
      sent.push({ from, to: performance.now(), ok, ...(!ok && { failure: `${answer.status} ${answer.body}` }) });
    } catch (error) {
      sent.push({ from, to: performance.now(), ok: false, failure: String(error) });
    }
    await sleep(PAUSE_MS);
  }
}

export async function benchPostgresRestart() {
  const postgres = await ownPostgres({ port: FAULT_PORTS.postgres });
  try {
    const database = await createDatabase(postgres.url);
    const server = await startServer({
      ...FAULT_SERVER_ENV,
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
      PORT: String(FAULT_PORTS.server),
    });
    try {
      const tokens = await Promise.all(
        Array.from({ length: SUBSCRIBERS }, (_, i) =>
          subscriber(server.url, `restart.${i}@example.com`, `load.${i}.sample`),
        ),
      );
      let stopped = false;
      const sent: Sent[] = [];
      const asking = tokens.map((token) => askUntil(server.url, token, () => stopped, sent));
      const restarts: Array<{ down: number; up: number }> = [];
      await sleep(BETWEEN_MS);
      for (let restart = 0; restart < RESTARTS; restart++) {
        const down = performance.now();
        await postgres.crash();
        await postgres.start();
        restarts.push({ down, up: performance.now() });
        await sleep(BETWEEN_MS);
      }
      stopped = true;
      await Promise.all(asking);
      // The worker's queue and pool met the restarts too: an analysis still runs to its end.
      const analysed = await startAnalysis(server.url, tokens[0] as string);
      const overlapped = (request: Sent) => restarts.some(({ down, up }) => request.from <= up && request.to >= down);
      const failed = sent.filter((request) => !request.ok);
      const beyond = failed.filter((request) => !overlapped(request));
      const waits = sent.map((request) => request.to - request.from);
      const outside = sent.filter((request) => !overlapped(request)).map((request) => request.to - request.from);
      return {
        subscribers: SUBSCRIBERS,
        restarts: restarts.map(({ down, up }) => ({ down_s: seconds(up - down) })),
        requests: sent.length,
        failed: failed.length,
        failed_during_restarts: failed.length - beyond.length,
        /** The figure that must be 0. */
        failed_beyond_restarts: beyond.length,
        failures: [...new Set(failed.map((request) => request.failure))].slice(0, 5),
        longest_wait_ms: round1(Math.max(0, ...waits)),
        longest_wait_outside_restarts_ms: round1(Math.max(0, ...outside)),
        analysis_after_restarts: 'status' in analysed ? analysed.status : analysed.error,
        timeout_ms: TIMEOUT_MS,
      };
    } finally {
      await server.stop();
      await database.drop().catch(() => undefined);
    }
  } finally {
    await postgres.stop();
  }
}

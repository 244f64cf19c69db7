// Issue 32: what many parallel exports do to everyone else's requests. The embedded server (`npm start`'s
// process) holds an account with a large list; 16 exports of it are fired at once by that account, and
// GET /api/v1/health is asked one request after another while they run: its longest wait, against the
// same polling with nothing else running (the baseline), in the same run, median of REPETITIONS. Before
// issue 32 one account's 16 exports held the health check 24.8 s: nothing limited them, and each
// stream's batches ran back to back without letting a request in. Beside it, the same 16 exports by 16
// accounts (one each, which the limits allow): the stream's yielding alone at work.
import { analysedAccount, startStallServer } from './stall-server.ts';

const REPETITIONS = 3;
const PARALLEL = 16;
/** How long the baseline polls the health check with nothing else running. */
const BASELINE_MS = 3_000;
/** A pause between two health checks, so the polling is a client's, not a load of its own. */
const POLL_GAP_MS = 10;
const LIST = 'dont/follow/back';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round1 = (value: number) => Math.round(value * 10) / 10;

/** Polls the health check until `until` settles (or, with a number, for that many ms): every wait in ms. */
async function pollHealth(origin: string, until: Promise<unknown> | number): Promise<number[]> {
  let done = false;
  if (typeof until === 'number') setTimeout(() => (done = true), until);
  else void until.finally(() => (done = true));
  const waits: number[] = [];
  while (!done) {
    const start = performance.now();
    const answer = await fetch(`${origin}/api/v1/health`);
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`health answered ${answer.status}`);
    waits.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, POLL_GAP_MS));
  }
  return waits;
}

/** One export, read to its end: its status and, when it streamed, how long it took. */
async function exportOnce(origin: string, token: string): Promise<{ status: number; ms: number; bytes: number }> {
  const start = performance.now();
  const answer = await fetch(`${origin}/api/v1/client/instagram/${LIST}/export/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  return { status: answer.status, ms: performance.now() - start, bytes };
}

/** Fires one export per token at once and polls the health check until every one has ended. */
async function underExports(origin: string, tokens: string[]) {
  const exports = Promise.all(tokens.map((token) => exportOnce(origin, token)));
  const waits = await pollHealth(origin, exports);
  const answers = await exports;
  const streamed = answers.filter((answer) => answer.status === 200);
  return {
    longest_wait_ms: round1(Math.max(...waits)),
    median_wait_ms: round1(median(waits)),
    health_checks: waits.length,
    streamed: streamed.length,
    refused_429: answers.filter((answer) => answer.status === 429).length,
    other: answers.filter((answer) => answer.status !== 200 && answer.status !== 429).map((answer) => answer.status),
    longest_stream_s: round1(Math.max(0, ...streamed.map((answer) => answer.ms)) / 1000),
  };
}

/** Makes `count` accounts of `username` (one list each, analysed), logged in: their tokens and list size. */
async function accounts(origin: string, username: string, count: number, prefix: string) {
  const made = [];
  for (let i = 0; i < count; i++) made.push(await analysedAccount(origin, `${prefix}${i}@example.com`, username));
  return { tokens: made.map((account) => account.token), names: made[0]?.names ?? 0 };
}

export async function benchExportStall(followers: number, manyAccounts = true) {
  const server = await startStallServer();
  try {
    const username = `size.${followers}.1000`;
    const one = await accounts(server.url, username, 1, 'stall-one-');
    const many = manyAccounts ? await accounts(server.url, username, PARALLEL, 'stall-many-') : undefined;
    const oneToken = one.tokens[0] as string;
    const runs: Array<{
      baseline_longest_ms: number;
      one_account: Awaited<ReturnType<typeof underExports>>;
      many_accounts?: Awaited<ReturnType<typeof underExports>>;
    }> = [];
    for (let repetition = 0; repetition < REPETITIONS; repetition++) {
      const baseline = await pollHealth(server.url, BASELINE_MS);
      const oneAccount = await underExports(
        server.url,
        Array.from({ length: PARALLEL }, () => oneToken),
      );
      const manyAccountsRun = many ? await underExports(server.url, many.tokens) : undefined;
      runs.push({
        baseline_longest_ms: round1(Math.max(...baseline)),
        one_account: oneAccount,
        ...(manyAccountsRun && { many_accounts: manyAccountsRun }),
      });
    }
    const baselineMs = median(runs.map((run) => run.baseline_longest_ms));
    const oneMs = median(runs.map((run) => run.one_account.longest_wait_ms));
    const manyMs = many ? median(runs.map((run) => run.many_accounts?.longest_wait_ms ?? 0)) : undefined;
    return {
      measured_at: new Date().toISOString(),
      names: one.names,
      parallel: PARALLEL,
      repetitions: REPETITIONS,
      /** Goal: the health check's longest wait under one account's 16 exports, at most 500 ms. */
      goal_ms: 500,
      /** The health check's longest wait with nothing else running (median of the runs' longest). */
      baseline_longest_ms: baselineMs,
      /** Under 16 parallel exports by one account (median of the runs' longest). */
      one_account_longest_ms: oneMs,
      one_account_ratio: round1(oneMs / baselineMs),
      /** Under one export each by 16 accounts. */
      many_accounts_longest_ms: manyMs,
      many_accounts_ratio: manyMs === undefined ? undefined : round1(manyMs / baselineMs),
      runs,
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(
    JSON.stringify(await benchExportStall(Number(process.argv[2] ?? 500_000), process.argv[3] !== 'one'), null, 2),
  );
}

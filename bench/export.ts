// Issue 20: a follower list of about 1,000,000 names exported to CSV in Chromium's worker, from the real
// server (`npm start`'s process, the account analysed first): the app's streaming way against building
// the whole CSV string in memory, each run in a browser of its own (median of 3). Beside it, on the
// server, what the export endpoint's one streamed answer costs against paging the list 100 at a time.
import { startServer } from '../tests/e2e/server.ts';
import { fetchAnalysis, loginByCode, postJson } from '../tests/support/api.ts';
import { benchBrowserExport, buildBenchPage } from './browser.ts';

const RUNS = 3;
/** Pages of 100 timed for the paging baseline; the whole list's time is extrapolated from them. */
const PAGES_TIMED = 300;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Reads a whole answer's body, counting its bytes. */
async function drain(response: Response): Promise<number> {
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  return bytes;
}

/** The server's side: the streamed list, read whole (median of 3), against pages of 100 (the first ones timed). */
async function serverFigures(origin: string, headers: Record<string, string>, names: number) {
  const streamed: number[] = [];
  let mb = 0;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const bytes = await drain(await fetch(`${origin}/api/v1/client/instagram/dont/follow/back/export/`, { headers }));
    streamed.push(performance.now() - start);
    mb = Math.round((bytes / 1_048_576) * 10) / 10;
  }
  const start = performance.now();
  for (let page = 1; page <= PAGES_TIMED; page++) {
    const response = await fetch(`${origin}/api/v1/client/instagram/dont/follow/back/100/?page=${page}`, { headers });
    if (!response.ok) throw new Error(`page ${page}: ${response.status}`);
    await response.arrayBuffer();
  }
  const perPage = (performance.now() - start) / PAGES_TIMED;
  const requests = Math.ceil(names / 100);
  return {
    stream_s: Math.round(median(streamed)) / 1000,
    stream_runs_s: streamed.map((ms) => Math.round(ms) / 1000),
    stream_mb: mb,
    page_of_100_ms: Math.round(perPage * 100) / 100,
    paged_requests: requests,
    /** Pages of 100 for the whole list, extrapolated from the first PAGES_TIMED, one after another as a client would. */
    paged_estimate_s: Math.round((perPage * requests) / 100) / 10,
  };
}

/** Runs one way RUNS times, each in a fresh browser: the median run by time, the median peak, every run. */
async function medianOf(api: string, token: string, way: 'streaming' | 'whole-string') {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await benchBrowserExport(api, token, way));
  const middle = <T>(values: T[], key: (value: T) => number) =>
    [...values].sort((a, b) => key(a) - key(b))[Math.floor(values.length / 2)] as T;
  return {
    ...middle(runs, (run) => run.ms),
    peak_mb: middle(runs, (run) => run.peak_mb).peak_mb,
    longest_frame_ms: middle(runs, (run) => run.longest_frame_ms).longest_frame_ms,
    runs: runs.map((run) => ({ ms: run.ms, peak_mb: run.peak_mb, longest_frame_ms: run.longest_frame_ms })),
  };
}

export async function benchExport(followers: number) {
  buildBenchPage();
  const server = await startServer({ SERVE_APP: 'false', SOURCE_PAGES_PER_SECOND: '1000000000' });
  try {
    const email = 'export@example.com';
    await postJson(server.url, '/dev/users', { email, username: `size.${followers}.1000`, is_subscribed: true });
    const { token } = await loginByCode(server.url, email);
    const headers = { authorization: `Bearer ${token}` };
    const analysed = await fetchAnalysis(`${server.url}/api/v1/client/insta/start/analysis/`, { headers });
    if (!analysed.ok) throw new Error(`analysis answered ${analysed.status}`);
    const user = ((await analysed.json()) as { user: { dont_follow_back: number } }).user;
    const names = user.dont_follow_back;

    const streaming = await medianOf(server.url, token, 'streaming');
    const whole = await medianOf(server.url, token, 'whole-string');
    if (streaming.rows !== names || whole.rows !== names) {
      throw new Error(`exported ${streaming.rows} and ${whole.rows} rows of ${names}`);
    }
    return {
      measured_at: new Date().toISOString(),
      names,
      csv_mb: streaming.mb,
      ms: streaming.ms,
      rows_per_s: streaming.rows_per_s,
      /** The page's renderer process (the worker runs in it): its peak resident memory above where it was. */
      peak_mb: streaming.peak_mb,
      /** The longest gap between two of the page's frames during the export. */
      longest_frame_ms: streaming.longest_frame_ms,
      runs: streaming.runs,
      whole_string_baseline: whole,
      memory_ratio: Math.round((whole.peak_mb / streaming.peak_mb) * 100) / 100,
      server: await serverFigures(server.url, headers, names),
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchExport(Number(process.argv[2] ?? 1_000_000)), null, 2));
}

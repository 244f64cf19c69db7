// Issue 32: the server's memory while it commits a 1,000,000 + 1,000,000 import, in the real server
// process (`npm start` on a data folder), against the same process idle with the upload stored: each run
// in a fresh server, and the median of the runs.
import { loadavg } from 'node:os';
import { startServer } from '../tests/e2e/server.ts';
import { loginByCode, postJson } from '../tests/support/api.ts';
import { type Snapshot, snapshotOf, uploadSnapshot } from '../tests/support/upload-snapshot.ts';
import { mb, resetPeak, status } from './server-memory.ts';

const RUNS = 3;

/** One fresh server: the upload stored, then its RSS idle and at the commit's peak. */
async function commitOnce(snapshot: Snapshot, env: Record<string, string>) {
  const server = await startServer({ SERVE_APP: 'false', LIMIT_CODE_CHECKS_PER_IP: '100000', ...env });
  try {
    const email = 'import-commit@example.com';
    await postJson(server.url, '/dev/users', { email, username: 'import.commit', is_subscribed: true });
    const { token } = await loginByCode(server.url, email);
    const auth = { authorization: `Bearer ${token}` };
    const id = await uploadSnapshot(server.url, token, snapshot);
    // Idle: the upload stored and its requests' garbage given time to go.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleKb = status(server.pid, 'VmRSS');
    resetPeak(server.pid);
    let peakKb = idleKb;
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, status(server.pid, 'VmRSS'));
    }, 25);
    const start = performance.now();
    try {
      const committed = await postJson(server.url, `/api/v1/client/imports/${id}/commit`, {}, auth);
      if (!committed.ok) throw new Error(`commit answered ${committed.status}: ${await committed.text()}`);
    } finally {
      clearInterval(sampler);
    }
    const seconds = Math.round((performance.now() - start) / 100) / 10;
    const peak = Math.max(peakKb, status(server.pid, 'VmHWM'));
    return { seconds, idle_rss_mb: mb(idleKb), peak_rss_mb: mb(peak), above_idle_mb: mb(peak - idleKb) };
  } finally {
    await server.stop();
  }
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** RUNS fresh servers commit the same upload: the medians, and every run's figures. */
export async function benchImportCommit(followers: number, following: number, env: Record<string, string> = {}) {
  // The machine is shared: its load beside the figures says how much else ran (`uptime`'s 1-minute figure).
  const loadAtStart = round1(loadavg()[0] ?? 0);
  const snapshot = snapshotOf(followers, following);
  const uploadedMb = mb(
    [...snapshot.gzipped.followers, ...snapshot.gzipped.following].reduce((sum, chunk) => sum + chunk.length, 0) / 1024,
  );
  const runs = [];
  for (let run = 0; run < RUNS; run++) runs.push(await commitOnce(snapshot, env));
  return {
    followers,
    following,
    chunks: snapshot.meta.followers.chunks + snapshot.meta.following.chunks,
    uploaded_mb: uploadedMb,
    seconds: middle(runs.map((run) => run.seconds)),
    /** The server idle with the upload stored, just before the commit: the baseline of the same run. */
    idle_rss_mb: middle(runs.map((run) => run.idle_rss_mb)),
    peak_rss_mb: middle(runs.map((run) => run.peak_rss_mb)),
    above_idle_mb: middle(runs.map((run) => run.above_idle_mb)),
    load_average: { start: loadAtStart, end: round1(loadavg()[0] ?? 0) },
    runs,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [followers = 1_000_000, following = 1_000_000] = process.argv.slice(2).map(Number);
  console.log(JSON.stringify(await benchImportCommit(followers, following), null, 2));
}

// The server's own memory (issue 19): the real server process, as `npm start` runs it on the embedded
// database in a data folder (or on PostgreSQL), idle and at the peak of a 1M + 1M analysis and the
// day-later one, read from the kernel (VmRSS sampled, VmHWM at the end) so nothing the benchmark itself
// holds is counted.
import { readFileSync, writeFileSync } from 'node:fs';
import { startServer } from '../tests/e2e/server.ts';
import { fetchAnalysis, loginByCode, postJson } from '../tests/support/api.ts';
import { createDatabase, providePostgres } from '../tests/support/postgres.ts';

const DAY = 24 * 3_600_000;
export const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;

/** Resets the process's peak RSS (VmHWM), so the next reading is the peak from now on (Linux). */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** A field of /proc/<pid>/status, in kB. */
export function status(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0);
}

/** Starts a server process, analyses `size.F.G` twice, and reports its RSS idle, at peak and after. */
export async function benchServerMemory(followers: number, following: number, env: Record<string, string> = {}) {
  const server = await startServer({
    SERVE_APP: 'false',
    SOURCE_PAGES_PER_SECOND: '1000000000',
    LIMIT_CODE_CHECKS_PER_IP: '100000',
    ...env,
  });
  try {
    const email = 'memory@example.com';
    const username = `size.${followers}.${following}`;
    await postJson(server.url, '/dev/users', { email, username, is_subscribed: true });
    const { token } = await loginByCode(server.url, email);
    // Idle: started, migrated, one login served; the collector core loaded.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const startPeakKb = status(server.pid, 'VmHWM');
    const idleKb = status(server.pid, 'VmRSS');
    resetPeak(server.pid);
    let peakKb = idleKb;
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, status(server.pid, 'VmRSS'));
    }, 25);
    const seconds: number[] = [];
    try {
      for (let run = 0; run < 2; run++) {
        const start = performance.now();
        const answer = await fetchAnalysis(`${server.url}/api/v1/client/insta/start/analysis/`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (!answer.ok) throw new Error(`analysis answered ${answer.status}`);
        seconds.push(Math.round((performance.now() - start) / 100) / 10);
        await postJson(server.url, '/dev/clock', { advance_ms: DAY });
      }
    } finally {
      clearInterval(sampler);
    }
    const afterKb = status(server.pid, 'VmRSS');
    return {
      database: env.DATABASE_URL ? 'postgresql' : 'embedded',
      followers,
      following,
      seconds: seconds[0],
      second_run_seconds: seconds[1],
      start_peak_rss_mb: mb(startPeakKb),
      idle_rss_mb: mb(idleKb),
      peak_rss_mb: mb(Math.max(peakKb, status(server.pid, 'VmHWM'))),
      after_rss_mb: mb(afterKb),
    };
  } finally {
    await server.stop();
  }
}

/** The same on the embedded database and on a throwaway PostgreSQL 15 (the server process only). */
export async function benchServerMemoryBoth(followers: number, following: number) {
  const embedded = await benchServerMemory(followers, following);
  const postgres = await providePostgres();
  const database = await createDatabase(postgres.url);
  try {
    return { embedded, postgresql: await benchServerMemory(followers, following, { DATABASE_URL: database.url }) };
  } finally {
    await database.drop().catch(() => undefined);
    await postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [followers = 1_000_000, following = 1_000_000] = process.argv.slice(2).map(Number);
  console.log(await benchServerMemoryBoth(followers, following));
}

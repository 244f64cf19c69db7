// Issue 18: collecting a professional account of 5,000 posts and reels with their comments from the
// official API (the local fake speaking its protocol), in the real server process as `npm start` runs
// it: the first collection's time and the process's peak memory (read from the kernel), and the
// collection a day later, beside the sample network's analysis of an account of the same followers in
// the same harness. Each figure is the median of fresh servers.

import { startServer } from '../tests/e2e/server.ts';
import { fetchAnalysis, loginByCode, postJson } from '../tests/support/api.ts';
import { connectOwner, officialEnvironment } from '../tests/support/official/environment.ts';
import { fakeAccount, startFakeInstagram } from '../tests/support/official/fake-api.ts';
import { mb, resetPeak, status } from './server-memory.ts';

const APP = { appId: '990602627938098', appSecret: 'bench-secret' };
const REDIRECT = 'https://bench.followscope.test/connected';
const DAY = 24 * 3_600_000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Run {
  seconds: number;
  second_run_seconds: number;
  idle_rss_mb: number;
  peak_rss_mb: number;
  graph_calls: number;
}

/** A subscribed sample-network account logged in by code: its Authorization header. */
async function sampleSubscriber(origin: string, username: string) {
  const email = `${username}@example.com`;
  await postJson(origin, '/dev/users', { email, username, is_subscribed: true });
  return { authorization: `Bearer ${(await loginByCode(origin, email)).token}` };
}

/** One fresh server: connect (official) or not (sample), collect twice a day apart, read its memory. */
async function oneRun(mode: 'official' | 'sample', media: number, followers: number): Promise<Run> {
  const now = Date.now();
  const account = fakeAccount({
    username: 'big.creator',
    seed: 7,
    followers,
    follows: 900,
    media,
    commentsPerMedia: 6,
    now,
  });
  const fake = await startFakeInstagram({ ...APP, redirectUris: [REDIRECT], accounts: [account], callsPerHour: 1e9 });
  const server = await startServer({
    SERVE_APP: 'false',
    SOURCE_PAGES_PER_SECOND: '1000000000',
    LIMIT_CODE_CHECKS_PER_IP: '100000',
    ...officialEnvironment(fake.url, APP, REDIRECT),
  });
  try {
    const headers =
      mode === 'official'
        ? await connectOwner(server.url, 'big.creator')
        : await sampleSubscriber(server.url, `size.${followers}.900`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleKb = status(server.pid, 'VmRSS');
    resetPeak(server.pid);
    let peakKb = idleKb;
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, status(server.pid, 'VmRSS'));
    }, 25);
    const seconds: number[] = [];
    const callsBefore = fake.requests.length;
    try {
      for (let run = 0; run < 2; run++) {
        const start = performance.now();
        const answer = await fetchAnalysis(`${server.url}/api/v1/client/insta/start/analysis/`, { headers });
        if (!answer.ok) throw new Error(`collection answered ${answer.status}: ${await answer.text()}`);
        seconds.push((performance.now() - start) / 1000);
        await postJson(server.url, '/dev/clock', { advance_ms: DAY });
      }
    } finally {
      clearInterval(sampler);
    }
    return {
      seconds: seconds[0] ?? 0,
      second_run_seconds: seconds[1] ?? 0,
      idle_rss_mb: mb(idleKb),
      peak_rss_mb: mb(Math.max(peakKb, status(server.pid, 'VmHWM'))),
      graph_calls: fake.requests.length - callsBefore,
    };
  } finally {
    await server.stop();
    await fake.close();
  }
}

function summary(runs: Run[]) {
  const pick = (key: keyof Run) => Math.round(median(runs.map((run) => run[key])) * 10) / 10;
  return {
    seconds: pick('seconds'),
    second_run_seconds: pick('second_run_seconds'),
    idle_rss_mb: pick('idle_rss_mb'),
    peak_rss_mb: pick('peak_rss_mb'),
    graph_calls: pick('graph_calls'),
    runs: runs.length,
  };
}

/** The official collection and the sample network's analysis, alternated, `repetitions` fresh servers each. */
export async function benchOfficial(media = 5_000, followers = 250_000, repetitions = 3) {
  const official: Run[] = [];
  const sample: Run[] = [];
  for (let i = 0; i < repetitions; i++) {
    official.push(await oneRun('official', media, followers));
    sample.push(await oneRun('sample', media, followers));
  }
  const o = summary(official);
  const s = summary(sample);
  return {
    media,
    followers,
    official: o,
    sample_network: s,
    /** The official collection's time and peak memory against the sample network's analysis, same run. */
    time_ratio_to_sample: Math.round((o.seconds / s.seconds) * 100) / 100,
    peak_rss_ratio_to_sample: Math.round((o.peak_rss_mb / s.peak_rss_mb) * 100) / 100,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [media = 5_000, followers = 250_000, repetitions = 3] = process.argv.slice(2).map(Number);
  console.log(JSON.stringify(await benchOfficial(media, followers, repetitions), null, 2));
}

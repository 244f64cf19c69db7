// Issue 52 item 2, `npm run bench -- cost`: what one subscriber costs a day, measured in the real server
// process (`npm start` on a data folder of its own):
// - a professional account's daily official-API collection (the fake speaking the API's protocol) of
//   1,000, 10,000 and 100,000 followers and 500 media: the server's CPU seconds, the Graph calls against
//   the platform's allowance, and the database's bytes grown;
// - a personal account's weekly import of 1,000, 100,000 and 1,000,000 followers, four weeks a fresh
//   server: CPU seconds per import and the bytes each table holds after each, so what a year of weekly
//   downloads stores follows from the steady week (server/analysis/import-retention.ts keeps two imports'
//   names);
// - a login code (its request, its mail into the outbox) and a push digest (encrypted and posted to a
//   local push service), CPU per message.
// The server runs on PostgreSQL 15 (a throwaway cluster), as a deployment of that size would: CPU is the
// server process's user + system time from /proc (not the loader's, not PostgreSQL's); bytes are what the
// database holds, every row's stored size (pg_column_size, TOAST compressed), read between steps.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import webpush from 'web-push';
import { pushServiceHosts } from '../server/push/hosts.ts';
import { sendPush } from '../server/push/send.ts';
import { startServer } from '../tests/e2e/server.ts';
import { fetchAnalysis, loginByCode, postJson } from '../tests/support/api.ts';
import { connectOwner, officialEnvironment } from '../tests/support/official/environment.ts';
import { fakeAccount, startFakeInstagram } from '../tests/support/official/fake-api.ts';
import { createDatabase, type ProvidedServer, providePostgres } from '../tests/support/postgres.ts';
import { startPushService } from '../tests/support/push-service.ts';
import { snapshotOf, uploadSnapshot } from '../tests/support/upload-snapshot.ts';

const APP = { appId: '990602627938098', appSecret: 'bench-secret' };
const REDIRECT = 'https://bench.followscope.test/connected';
const DAY = 24 * 3_600_000;
const WEEK_S = 7 * 86_400;
/**
 * The allowance the fake enforces, 200 calls an hour per account (4,800 a day): the floor of the
 * platform's Business Use Case limit for Instagram, "Calls within 24 hours = 4800 * Number of
 * Impressions" (developers.facebook.com/docs/graph-api/overview/rate-limiting, "Instagram Platform
 * requests are subject to Business Use Case (BUC) Rate Limits"), for an account seen at least once a day.
 */
const CALLS_A_DAY_FLOOR = 4_800;
/** The tables an account's figures live in: what a subscriber stores. */
const TABLES = [
  'analyses',
  'snapshots',
  'analysis_lists',
  'analysis_parts',
  'import_chunks',
  'follow_events',
  'follower_renames',
  'official_media',
  'official_days',
  'official_account',
  'mail_outbox',
] as const;

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A process's CPU seconds so far (user + system), from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime), counted after the command's closing parenthesis; clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Each table's bytes as stored (its rows' sizes, TOAST compressed). */
async function tableBytes(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sizes: Record<string, number> = {};
    for (const table of TABLES) {
      const { rows } = await client.query<{ bytes: string | null }>(
        `select sum(pg_column_size(t.*))::bigint as bytes from ${table} t`,
      );
      sizes[table] = Number(rows[0]?.bytes ?? 0);
    }
    return sizes;
  } finally {
    await client.end();
  }
}

const total = (sizes: Record<string, number>) => Object.values(sizes).reduce((sum, bytes) => sum + bytes, 0);
const minus = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(TABLES.map((table) => [table, (after[table] ?? 0) - (before[table] ?? 0)]));

/** One server process (API and worker) on a fresh database of the cluster; `stop` drops the database. */
async function serverOn(cluster: ProvidedServer, env: Record<string, string>) {
  const database = await createDatabase(cluster.url);
  const server = await startServer({
    SERVE_APP: 'false',
    LIMIT_CODE_CHECKS_PER_IP: '100000',
    DATABASE_URL: database.url,
    ...env,
  });
  return {
    server,
    url: database.url,
    async stop() {
      await server.stop();
      await database.drop();
    },
  };
}

/** The daily collection of a professional account of `followers` and `media`, after its first one. */
async function officialDay(cluster: ProvidedServer, followers: number, media: number) {
  const now = Date.now();
  const account = fakeAccount({
    username: 'pro.account',
    seed: 11,
    followers,
    follows: 600,
    media,
    commentsPerMedia: 6,
    now,
  });
  const fake = await startFakeInstagram({ ...APP, redirectUris: [REDIRECT], accounts: [account], callsPerHour: 1e9 });
  const { server, url, stop } = await serverOn(cluster, officialEnvironment(fake.url, APP, REDIRECT));
  try {
    const headers = await connectOwner(server.url, 'pro.account');
    const collect = async () => {
      const answer = await fetchAnalysis(`${server.url}/api/v1/client/insta/start/analysis/`, { headers });
      if (!answer.ok) throw new Error(`collection answered ${answer.status}: ${await answer.text()}`);
    };
    let cpu = cpuSeconds(server.pid);
    let calls = fake.requests.length;
    await collect();
    const first = { cpu: cpuSeconds(server.pid) - cpu, calls: fake.requests.length - calls };
    const afterFirst = await tableBytes(url);
    await postJson(server.url, '/dev/clock', { advance_ms: DAY });
    cpu = cpuSeconds(server.pid);
    calls = fake.requests.length;
    await collect();
    const daily = { cpu: cpuSeconds(server.pid) - cpu, calls: fake.requests.length - calls };
    const afterDaily = await tableBytes(url);
    return { first, daily, afterFirst: total(afterFirst), dailyGrowth: minus(afterDaily, afterFirst) };
  } finally {
    await stop();
    await fake.close();
  }
}

/** Weekly imports of `followers` (1% of them new each week): CPU of each, and what the account holds after each. */
async function weeklyImports(cluster: ProvidedServer, followers: number, weeks: number) {
  const { server, url, stop } = await serverOn(cluster, {});
  const cpu: number[] = [];
  const stored: Array<Record<string, number>> = [];
  try {
    const email = 'weekly@example.com';
    await postJson(server.url, '/dev/users', { email, username: 'weekly.importer', is_subscribed: true });
    const { token } = await loginByCode(server.url, email);
    const auth = { authorization: `Bearer ${token}` };
    const churn = Math.max(1, Math.round(followers / 100));
    for (let week = 0; week < weeks; week++) {
      const snapshot = snapshotOf(followers, 600, { from: week * churn, writtenAt: 1_780_000_000 + week * WEEK_S });
      const before = cpuSeconds(server.pid);
      const id = await uploadSnapshot(server.url, token, snapshot);
      const committed = await postJson(server.url, `/api/v1/client/imports/${id}/commit`, {}, auth);
      if (!committed.ok) throw new Error(`commit answered ${committed.status}: ${await committed.text()}`);
      cpu.push(cpuSeconds(server.pid) - before);
      stored.push(await tableBytes(url));
      await postJson(server.url, '/dev/clock', { advance_ms: 7 * DAY });
    }
    return { cpu, stored };
  } finally {
    await stop();
  }
}

/** Four weekly imports: the first's CPU, a later week's, and what each week adds once two imports' names are held. */
async function importCost(cluster: ProvidedServer, followers: number) {
  const weeks = 4;
  const { cpu, stored } = await weeklyImports(cluster, followers, weeks);
  const last = stored[weeks - 1] ?? {};
  const perWeek = minus(last, stored[weeks - 2] ?? {});
  const weekBytes = total(perWeek);
  return {
    followers,
    /** Server CPU seconds: the first import (a baseline), and the median of the later weeks'. */
    first_import_cpu_s: round(cpu[0] ?? 0),
    weekly_import_cpu_s: round(middle(cpu.slice(1))),
    /** What the account holds after each week (bytes). */
    stored_bytes_by_week: stored.map(total),
    /** What one more week adds, by table, once two imports' names are held (older ones deleted). */
    bytes_per_week: weekBytes,
    bytes_per_week_by_table: perWeek,
    /** The two latest imports' names, held whatever the number of weeks. */
    names_held_bytes: last.import_chunks ?? 0,
    /** What the account holds after a year of weekly downloads (the steady week extrapolated). */
    bytes_after_a_year: total(last) + weekBytes * (52 - weeks),
  };
}

/** CPU per login code: its request, the code's mail written to the outbox (the dev mail adapter). */
async function loginCodes(cluster: ProvidedServer, count: number) {
  const { server, url, stop } = await serverOn(cluster, { LIMIT_CODE_SENDS_PER_IP: '100000' });
  try {
    for (let i = 0; i < count; i++) {
      await postJson(server.url, '/dev/users', { email: `code.${i}@example.com`, username: `code.${i}.sample` });
    }
    const before = cpuSeconds(server.pid);
    for (let i = 0; i < count; i++) {
      const sent = await postJson(server.url, '/api/v1/client/insta/sendotp/', { email: `code.${i}@example.com` });
      if (!sent.ok) throw new Error(`sendotp answered ${sent.status}`);
    }
    const cpu = cpuSeconds(server.pid) - before;
    const stored = await tableBytes(url);
    return {
      ms_cpu_per_code: round((cpu * 1000) / count, 1),
      outbox_bytes_per_mail: Math.round((stored.mail_outbox ?? 0) / count),
    };
  } finally {
    await stop();
  }
}

/** CPU per push digest: encrypted (RFC 8291) and signed (VAPID) as the worker does, and posted. */
async function pushDigests(count: number) {
  const service = await startPushService();
  try {
    const { Agent } = await import('node:https');
    const agent = new Agent({ ca: service.ca, keepAlive: true });
    const keys = webpush.generateVAPIDKeys();
    const device = service.subscribe(keys.publicKey);
    const options = {
      vapid: { ...keys, subject: 'mailto:ops@followscope.test' },
      ttlSeconds: 86_400,
      urgency: 'normal' as const,
      topic: 'digest',
      allowedHosts: pushServiceHosts(service.host),
      agent,
    };
    const payload = JSON.stringify({ v: 1, kind: 'digest', body: '2 new followers and 1 follower lost.', changes: 3 });
    const before = process.cpuUsage();
    for (let i = 0; i < count; i++) {
      const outcome = await sendPush(device, payload, options);
      if (outcome.kind !== 'sent') throw new Error(`push answered ${JSON.stringify(outcome)}`);
    }
    const used = process.cpuUsage(before);
    agent.destroy();
    // The local push service decrypts in this process too: the figure is an upper bound of the sender's.
    return { ms_cpu_per_push_upper_bound: round((used.user + used.system) / 1000 / count, 1) };
  } finally {
    await service.close();
  }
}

export async function benchCost() {
  const cluster = await providePostgres();
  try {
    const official = [];
    for (const followers of [1_000, 10_000, 100_000]) {
      const runs: Array<Awaited<ReturnType<typeof officialDay>>> = [];
      for (let run = 0; run < 3; run++) runs.push(await officialDay(cluster, followers, 500));
      const pick = (value: (run: (typeof runs)[number]) => number) => middle(runs.map(value));
      const calls = pick((run) => run.daily.calls);
      console.error(`cost: official ${followers} followers, daily ${calls} calls`);
      official.push({
        followers,
        media: 500,
        first_collection: { cpu_s: round(pick((run) => run.first.cpu)), graph_calls: pick((run) => run.first.calls) },
        daily_cpu_s: round(pick((run) => run.daily.cpu)),
        daily_graph_calls: calls,
        /** Share of the floor of the account's daily allowance (4,800 calls a day) one daily collection takes. */
        share_of_daily_allowance: round(calls / CALLS_A_DAY_FLOOR, 3),
        /** What the account holds after its first collection, and what each day adds, by table. */
        stored_after_first_bytes: pick((run) => run.afterFirst),
        bytes_per_day: pick((run) => total(run.dailyGrowth)),
        bytes_per_day_by_table: runs[0]?.dailyGrowth,
      });
    }
    const imports = [];
    for (const followers of [1_000, 100_000, 1_000_000]) {
      imports.push(await importCost(cluster, followers));
      console.error(`cost: weekly import of ${followers} followers measured`);
    }
    return {
      database: 'PostgreSQL 15, one server process (API and worker)',
      official_daily: official,
      weekly_import: imports,
      login_code: await loginCodes(cluster, 200),
      push_digest: await pushDigests(200),
    };
  } finally {
    await cluster.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchCost(), null, 2));
}

// A whole analysis of a large account through the code path users run (connector, checkpoints,
// snapshot, WASM diff, lists), on the embedded database in memory: its time. The server's memory is
// measured on the real process instead (server-memory.ts).
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';
import { users } from '../server/db/schema.ts';
import { seed } from '../server/db/seed.ts';
import { testSettings } from '../tests/support/test-server.ts';
import { loadCoreFromDisk } from '../wasm/node.ts';

/** Analyses `size.<followers>.<following>` twice (a baseline, then a day later) and reports both. */
export async function benchAnalysis(followers: number, following: number) {
  let time = Date.UTC(2026, 10, 20, 12);
  const database = await openDatabase({ memory: true });
  await seed(database.db);
  const app = await buildApp({
    database,
    core: await loadCoreFromDisk(),
    version: 'bench',
    settings: { ...testSettings, source: { pagesPerSecond: 1e9, latencyMs: 0, failureRate: 0 } },
    clock: () => new Date(time),
    logLevel: 'silent',
  });
  await app.ready();
  const username = `size.${followers}.${following}`;
  const [user] = await database.db
    .insert(users)
    .values({ email: 'bench@example.com', username, isSubscribed: true })
    .returning();
  if (!user) throw new Error('no user');

  const runs: number[] = [];
  for (let run = 0; run < 2; run++) {
    const start = performance.now();
    const outcome = await app.analysis.start(user);
    if (outcome.kind !== 'complete') throw new Error(`analysis ended ${outcome.kind}`);
    runs.push((performance.now() - start) / 1000);
    time += 24 * 3_600_000;
  }
  const [after] = await database.db.select().from(users).where(eq(users.id, user.id));
  await app.close();
  await database.close();
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    followers: after?.totalFollowers ?? 0,
    following: after?.totalFollowing ?? 0,
    seconds: round(runs[0] ?? 0),
    second_run_seconds: round(runs[1] ?? 0),
    new_followers_second_run: after?.newFollowers ?? 0,
    lost_followers_second_run: after?.followersLost ?? 0,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [followers = 1_000_000, following = 1_000_000] = process.argv.slice(2).map(Number);
  console.log(await benchAnalysis(followers, following));
}

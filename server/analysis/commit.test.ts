// Issue 31: a commit writes its arrays' parts and its events before its last transaction, and is still
// all or nothing.
// Nothing of an analysis is visible until that transaction commits; one that fails, or whose process
// died, leaves nothing a reader can reach, and the retry commits cleanly over what it left.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../tests/support/test-server.ts';
import { loadCoreFromDisk } from '../../wasm/node.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { analyses, analysisLists, analysisParts, followEvents, snapshots, users } from '../db/schema.ts';
import { accountExport } from '../users/account-export.ts';
import { LeaseLost } from './collect.ts';
import { commitSnapshot, type SnapshotToCommit } from './commit.ts';
import { addEvent, type FollowEvents, writeEvents } from './events.ts';
import { latestAnalysis, listIds } from './lists.ts';
import { PART_VALUES, readIds, writeParts } from './parts.ts';

let handle: DatabaseHandle;
const core = await loadCoreFromDisk();
const DAY = 86_400_000;
const FIRST = new Date(Date.UTC(2026, 10, 20));

/** Ascending ids `from`, `from + step`, …: `count` of them. */
const idsFrom = (from: number, count: number, step = 3) =>
  BigUint64Array.from({ length: count }, (_, i) => BigInt(from + i * step) + (1n << 40n));

/** More than two parts of followers, so a commit stops between parts of one array too. */
const FOLLOWERS = PART_VALUES * 2 + 100;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());
afterEach(() => vi.restoreAllMocks());

/** An account, its first analysis committed (the baseline), and its second one running under `owner`. */
async function accountWithBaseline(name: string, owner = 'worker-a') {
  const db = handle.db;
  const [user] = await db
    .insert(users)
    .values({ email: `${name}@example.com`, username: name })
    .returning();
  if (!user) throw new Error('no user');
  const running = async (at: Date) => {
    const [row] = await db
      .insert(analyses)
      .values({ userId: user.id, username: name, status: 'running', startedAt: at, updatedAt: at, leaseOwner: owner })
      .returning({ id: analyses.id });
    if (!row) throw new Error('no analysis');
    return row.id;
  };
  const first = await running(FIRST);
  await commitSnapshot(db, core, snapshotOf(first, user.id, idsFrom(0, FOLLOWERS), FIRST, owner));
  const at = new Date(FIRST.getTime() + DAY);
  // A day later: 300 followers gone from the start, 500 new at the end.
  const second = await running(at);
  const snapshot = snapshotOf(second, user.id, idsFrom(900, FOLLOWERS + 200), at, owner);
  return { userId: user.id, first, second, snapshot };
}

function snapshotOf(
  analysisId: string,
  userId: string,
  followers: BigUint64Array,
  at: Date,
  leaseOwner: string,
): SnapshotToCommit {
  return {
    analysisId,
    userId,
    source: 'sample',
    followers,
    following: idsFrom(1, 5_000, 7),
    viewers: [],
    takenAt: at,
    now: at,
    leaseOwner,
  };
}

/** What a reader can see of the account: its latest analysis, counts, snapshots, and events as the document counts them. */
async function visible(userId: string) {
  const db = handle.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('no user');
  const latest = await latestAnalysis(db, userId);
  const document = await accountExport(db, user, new Date());
  return {
    latest: latest?.id,
    totalFollowers: user.totalFollowers,
    newFollowers: user.newFollowers,
    followersLost: user.followersLost,
    snapshots: (await db.select({ id: snapshots.analysisId }).from(snapshots).where(eq(snapshots.userId, userId)))
      .length,
    events: document.follow_events_by_day.reduce((sum, day) => sum + day.count, 0),
  };
}

/** The events stored for an analysis, whether a reader counts them or not. */
const storedEvents = async (analysisId: string) =>
  (await handle.db.select().from(followEvents).where(eq(followEvents.analysisId, analysisId))).length;

const partsOf = async (analysisId: string) =>
  handle.db
    .select({ name: analysisParts.name, seq: analysisParts.seq })
    .from(analysisParts)
    .where(eq(analysisParts.analysisId, analysisId));

const statusOf = async (analysisId: string) =>
  (await handle.db.select({ status: analyses.status }).from(analyses).where(eq(analyses.id, analysisId)))[0]?.status;

/** Makes the database refuse every update of the account's row, as a failing disk or a lost connection would. */
async function refuseUserUpdates(on: boolean) {
  if (on) {
    await handle.db.execute(
      sql.raw(`create or replace function issue31_refuse() returns trigger language plpgsql as $$
        begin raise exception 'refused for the test'; end $$`),
    );
    await handle.db.execute(
      sql.raw('create trigger issue31_refuse before update on users for each row execute function issue31_refuse()'),
    );
  } else {
    await handle.db.execute(sql.raw('drop trigger if exists issue31_refuse on users'));
  }
}

describe('committing an analysis', () => {
  it('keeps all of it invisible until its last transaction, while its parts and events are written', async () => {
    const { userId, first, second, snapshot } = await accountWithBaseline('unseen');
    const before = await visible(userId);
    expect(before).toMatchObject({ latest: first, totalFollowers: FOLLOWERS, snapshots: 1, events: 0 });

    // Before each of the commit's transactions, look at what a reader sees: the last look is when every
    // part and event is written and only the last transaction is left.
    const seen: Array<Awaited<ReturnType<typeof visible>>> = [];
    const listed: BigUint64Array[] = [];
    let stored = 0;
    const transaction = handle.db.transaction.bind(handle.db);
    vi.spyOn(handle.db, 'transaction').mockImplementation(async (work, config) => {
      seen.push(await visible(userId));
      listed.push(await listIds(handle.db, second, 'newFollowers', 0, 10));
      stored = await storedEvents(second);
      return transaction(work, config);
    });
    await commitSnapshot(handle.db, core, snapshot);

    // Parts of five arrays (followers in three), the events, the last transaction, and more.
    expect(seen.length).toBeGreaterThan(8);
    for (const look of seen) expect(look).toEqual(before);
    for (const ids of listed) expect(ids).toEqual(new BigUint64Array());
    // The events were all in the table, uncounted, before the last transaction.
    expect(stored).toBe(800);
    expect(await visible(userId)).toEqual({
      latest: second,
      totalFollowers: FOLLOWERS + 200,
      newFollowers: 500,
      followersLost: 300,
      snapshots: 2,
      events: 800,
    });
  });

  it('leaves nothing visible when it fails after its parts are written, and the retry commits', async () => {
    const { userId, second, snapshot } = await accountWithBaseline('refused');
    const before = await visible(userId);
    await refuseUserUpdates(true);
    try {
      await expect(commitSnapshot(handle.db, core, snapshot)).rejects.toThrow();
    } finally {
      await refuseUserUpdates(false);
    }
    // The last transaction failed at the account's counts: no snapshot, list, event or count of it stayed.
    expect(await visible(userId)).toEqual(before);
    expect(await handle.db.select().from(analysisLists).where(eq(analysisLists.analysisId, second))).toEqual([]);
    expect(await statusOf(second)).toBe('running');
    // Nor its parts and events: the failed commit deleted them.
    expect(await partsOf(second)).toEqual([]);
    expect(await storedEvents(second)).toBe(0);

    await commitSnapshot(handle.db, core, snapshot);
    expect(await visible(userId)).toMatchObject({ latest: second, newFollowers: 500, followersLost: 300, events: 800 });
    expect(await readIds(handle.db, second, 'followers', FOLLOWERS + 200)).toEqual(snapshot.followers);
  });

  it('a retry after a crash deletes the parts the dead attempt left, then commits its own', async () => {
    const { userId, second, snapshot } = await accountWithBaseline('crashed');
    // A process died mid-commit: it had written parts of a longer array, of a list, and events.
    await writeParts(handle.db, second, 'followers', idsFrom(5, FOLLOWERS + PART_VALUES));
    await writeParts(handle.db, second, 'list:mutualFollowers', idsFrom(7, 10));
    const dead: FollowEvents = { ids: [], kinds: [], ats: [] };
    for (const id of idsFrom(11, 1_500)) addEvent(dead, id, 'followed', snapshot.takenAt);
    await writeEvents(handle.db, userId, second, dead, async () => undefined);
    // Another worker took the analysis over and commits it.
    await handle.db.update(analyses).set({ leaseOwner: 'worker-b' }).where(eq(analyses.id, second));
    await commitSnapshot(handle.db, core, { ...snapshot, leaseOwner: 'worker-b' });

    expect(await visible(userId)).toMatchObject({ latest: second, newFollowers: 500, followersLost: 300, events: 800 });
    expect(await storedEvents(second)).toBe(800);
    expect(await readIds(handle.db, second, 'followers', FOLLOWERS + 200)).toEqual(snapshot.followers);
    // Only its own parts are left: none of the dead attempt's beyond its arrays' ends.
    const followerParts = (await partsOf(second)).filter((part) => part.name === 'followers');
    expect(followerParts).toHaveLength(Math.ceil((FOLLOWERS + 200) / PART_VALUES));
    const [mutual] = await handle.db
      .select({ count: analysisLists.count })
      .from(analysisLists)
      .where(and(eq(analysisLists.analysisId, second), eq(analysisLists.list, 'mutualFollowers')));
    expect(await listIds(handle.db, second, 'mutualFollowers', 0, mutual?.count ?? 0)).not.toEqual(idsFrom(7, 10));
  });

  it('stops at its next part when its lease is taken over, and leaves the new holder its analysis', async () => {
    const { userId, second, snapshot } = await accountWithBaseline('overtaken');
    const before = await visible(userId);
    let writes = 0;
    const transaction = handle.db.transaction.bind(handle.db);
    vi.spyOn(handle.db, 'transaction').mockImplementation(async (work, config) => {
      // After two parts (two deletes of leftovers first), the worker stalls past its lease and another
      // takes the analysis over.
      if (++writes === 5)
        await handle.db.update(analyses).set({ leaseOwner: 'worker-b' }).where(eq(analyses.id, second));
      return transaction(work, config);
    });
    await expect(commitSnapshot(handle.db, core, snapshot)).rejects.toBeInstanceOf(LeaseLost);
    vi.restoreAllMocks();
    expect(await visible(userId)).toEqual(before);
    // Its two parts stay for the new holder to delete; it wrote none after the takeover.
    expect(await partsOf(second)).toHaveLength(2);

    await commitSnapshot(handle.db, core, { ...snapshot, leaseOwner: 'worker-b' });
    expect(await visible(userId)).toMatchObject({ latest: second, events: 800 });
    // The old holder's commit, run again now, finds the analysis no longer its own and changes nothing.
    const parts = await partsOf(second);
    await expect(commitSnapshot(handle.db, core, snapshot)).rejects.toBeInstanceOf(LeaseLost);
    expect(await partsOf(second)).toEqual(parts);
  });
});

import { describe, expect, it } from 'vitest';
import type { IdPage, SourceResult } from './connector.ts';
import { INVALID_ACCOUNT_ID, sampleNetwork } from './sample.ts';

const HOUR = 3_600_000;
const start = Date.UTC(2026, 10, 20, 12);

function network(time = { now: start }, options = {}) {
  return sampleNetwork({ clock: () => new Date(time.now), pagesPerSecond: 10_000, ...options });
}

async function collect(
  net: ReturnType<typeof network>,
  id: string,
  list: 'followers' | 'following',
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const result: SourceResult<IdPage> = await net[list](id, cursor);
    if (result.kind !== 'ok') throw new Error(result.kind);
    ids.push(...[...result.value.ids].map(String));
    cursor = result.value.next;
  } while (cursor !== null);
  return ids;
}

describe('the sample network', () => {
  it('gives the demo account about 1,200 followers and 300 following, the same every time', async () => {
    const net = network();
    const demo = await net.lookup('followscope.demo');
    if (demo.kind !== 'ok') throw new Error('demo missing');
    expect(demo.value.fullName).toBe('Followscope Demo');
    expect(demo.value.followerCount).toBeGreaterThan(1_100);
    expect(demo.value.followerCount).toBeLessThan(1_300);
    const followers = await collect(net, demo.value.id, 'followers');
    expect(followers).toHaveLength(demo.value.followerCount);
    expect(new Set(followers).size).toBe(followers.length);
    expect(followers.some((id) => BigInt(id) > 2n ** 53n)).toBe(true);
    expect(await collect(network(), demo.value.id, 'followers').catch(() => 'needs lookup')).toBe('needs lookup');
    const again = network();
    await again.lookup('followscope.demo');
    expect(await collect(again, demo.value.id, 'followers')).toEqual(followers);
  });

  it('changes over time, and its ground truth says exactly how', async () => {
    const time = { now: start };
    const net = network(time);
    const demo = await net.lookup('followscope.demo');
    if (demo.kind !== 'ok') throw new Error('demo missing');
    const before = new Set(await collect(net, demo.value.id, 'followers'));
    time.now += 24 * HOUR;
    const after = new Set(await collect(net, demo.value.id, 'followers'));
    const truth = net.groundTruth('followscope.demo', new Date(start), new Date(time.now));
    expect(truth.followed.length).toBeGreaterThan(0);
    expect(truth.unfollowed.length).toBeGreaterThan(0);
    expect(truth.followed.sort()).toEqual([...after].filter((id) => !before.has(id)).sort());
    expect(truth.unfollowed.sort()).toEqual([...before].filter((id) => !after.has(id)).sort());
  });

  it('has private accounts, accounts that do not exist, and accounts of any size', async () => {
    const net = network();
    const hidden = await net.lookup('private.rose');
    expect(hidden.kind === 'ok' && hidden.value.isPrivate).toBe(true);
    expect((await net.lookup('nobody')).kind).toBe('notFound');
    expect(INVALID_ACCOUNT_ID).toBe('0000000000');
    const big = await net.lookup('size.50000.2000');
    if (big.kind !== 'ok') throw new Error('size account missing');
    expect(Math.abs(big.value.followerCount - 50_000)).toBeLessThan(1_000);
    expect(Math.abs(big.value.followingCount - 2_000)).toBeLessThan(150);
  });

  it('answers "slow down" with a retry delay when pushed too fast, and can fail on purpose', async () => {
    const slow = network({ now: start }, { pagesPerSecond: 2 });
    const results = await Promise.all(Array.from({ length: 6 }, () => slow.lookup('followscope.demo')));
    const limited = results.find((result) => result.kind === 'rateLimited');
    expect(limited).toMatchObject({ kind: 'rateLimited', retryAfterMs: expect.any(Number) });
    const flaky = network({ now: start }, { failureRate: 1 });
    expect((await flaky.lookup('followscope.demo')).kind).toBe('failed');
  });
});

describe('the sample network: one figure, one definition (issue 34)', () => {
  const DAY = 24 * HOUR;

  it('has exactly the posts and reels its profile counts, whenever it is asked', async () => {
    const time = { now: start };
    const net = network(time);
    for (const username of ['followscope.demo', 'maria.sample', 'size.5000']) {
      for (let day = 0; day < 6; day++) {
        time.now = start + day * 1.7 * DAY;
        const profile = await net.lookup(username);
        const posts = await net.posts(username);
        if (profile.kind !== 'ok' || posts.kind !== 'ok') throw new Error(`${username} missing`);
        expect(posts.value.filter((post) => !post.isReel)).toHaveLength(profile.value.postCount);
        expect(posts.value.filter((post) => post.isReel)).toHaveLength(profile.value.reelCount);
      }
    }
  });

  it('posts at hours spread over the day, as people do, and never in the future (issue 51)', async () => {
    const time = { now: start };
    const net = network(time);
    const posts = await net.posts('followscope.demo');
    if (posts.kind !== 'ok') throw new Error('followscope.demo missing');
    const hours = new Set(posts.value.map((post) => new Date(post.takenAt * 1000).getUTCHours()));
    // Every sample post was at one hour: "When to post" showed 23 of 24 hours empty.
    expect(hours.size).toBeGreaterThanOrEqual(16);
    expect(Math.max(...posts.value.map((post) => post.takenAt))).toBeLessThanOrEqual(start / 1000);
    // The same posts a moment later: a post keeps its time.
    time.now = start + HOUR;
    const later = await net.posts('followscope.demo');
    if (later.kind !== 'ok') throw new Error('followscope.demo missing');
    const before = new Map(posts.value.map((post) => [post.shortCode, post.takenAt]));
    for (const post of later.value)
      if (before.has(post.shortCode)) expect(post.takenAt).toBe(before.get(post.shortCode));
  });

  it('counts as stories the accounts the stories pages list, and the downloader finds each of them', async () => {
    const net = network();
    const demo = await net.lookup('followscope.demo');
    if (demo.kind !== 'ok') throw new Error('demo missing');
    const listed: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await net.stories('followscope.demo', cursor, 10);
      if (page.kind !== 'ok') throw new Error(page.kind);
      listed.push(...page.value.users.map((user) => user.username));
      cursor = page.value.next;
    } while (cursor !== null);
    expect(listed.length).toBeGreaterThan(0);
    expect(demo.value.storiesCount).toBe(listed.length);

    const name = listed[0] as string;
    const found = await net.storiesOf(name, 'followscope.demo');
    expect(found).toMatchObject({ kind: 'ok', value: { username: name } });
    if (found.kind === 'ok') expect(found.value.items.length).toBeGreaterThan(0);
    // Only the demo's own people, and only for a sample account asking: a real username stays unknown.
    expect(await net.storiesOf(name, 'maria.lopez.photo')).toEqual({ kind: 'unsupported' });
    expect(await net.storiesOf(name)).toEqual({ kind: 'unsupported' });
    expect(await net.storiesOf('user_nobody1', 'followscope.demo')).toEqual({ kind: 'unsupported' });
  });
});

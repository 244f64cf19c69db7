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

// Issue 32: an account's uploads not yet committed may store so many chunks and bytes; a chunk past
// that is refused in the caller's language, another account is unaffected, and a committed or
// abandoned upload no longer counts.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeList, type SnapshotPerson } from '../../../common/snapshot/snapshot.ts';
import { serverPerTest, subscribedAccount, testSettings } from '../../../tests/support/test-server.ts';
import { serverMessages } from '../../i18n/messages.ts';

const harness = serverPerTest();
const NOW = Date.UTC(2026, 10, 20, 12) / 1000;

const gzippedChunk = (list: 'followers' | 'following', people: SnapshotPerson[]) =>
  gzipSync(encodeList(list, people)[0] as Uint8Array);
const followers = gzippedChunk('followers', [
  { name: 'amy', at: NOW - 10 },
  { name: 'ben', at: NOW - 20 },
]);
const following = gzippedChunk('following', [{ name: 'cat', at: NOW - 30 }]);
const moreFollowing = gzippedChunk('following', [
  { name: 'cat', at: NOW - 30 },
  { name: 'dan', at: NOW - 40 },
  { name: 'eve', at: NOW - 50 },
]);
/** The quota holds exactly one upload of `followers` and `following`: two chunks, their bytes. */
const quota = { chunks: 2, bytes: followers.length + following.length };

async function subscriber(username: string) {
  const { authorization } = await subscribedAccount(harness.server, username);
  const inject = (method: 'POST' | 'PUT', url: string, payload?: object | Buffer, language = 'en') =>
    harness.app.inject({
      method,
      url: `/api/v1/client/imports/${url}`,
      headers: {
        authorization,
        'accept-language': language,
        ...(payload instanceof Buffer && { 'content-type': 'application/gzip' }),
      },
      ...(payload && { payload }),
    });
  return {
    /** Opens an upload of a download written `writtenAt`; its id (or the refusal). */
    async open(digest: string, counts: [number, number], writtenAt = NOW) {
      const [followerCount, followingCount] = counts;
      const chunks = (count: number) => Math.max(1, Math.ceil(count / 20_000));
      return inject('POST', '', {
        digest: digest.repeat(64),
        owner: null,
        writtenAt,
        followers: { count: followerCount, chunks: chunks(followerCount) },
        following: { count: followingCount, chunks: chunks(followingCount) },
        firstFollowAt: null,
        lastFollowAt: null,
      });
    },
    put: (id: string, place: string, chunk: Buffer, language?: string) =>
      inject('PUT', `${id}/${place}`, chunk, language),
    commit: (id: string) => inject('POST', `${id}/commit`),
  };
}

describe('the import quota', () => {
  it('takes an upload up to the quota and refuses a chunk past it, in the caller’s language', async () => {
    await harness.start({ settings: { ...testSettings, importQuota: quota } });
    const ana = await subscriber('ana.quota');
    const { id } = (await ana.open('a', [2, 1])).json() as { id: string };
    expect((await ana.put(id, 'followers/0', followers)).statusCode).toBe(204);
    // At the limit, in chunks and in bytes; a retry of the same chunk replaces it and counts once.
    expect((await ana.put(id, 'following/0', following)).statusCode).toBe(204);
    expect((await ana.put(id, 'following/0', following)).statusCode).toBe(204);

    // Another account's first chunk does not count ana's.
    const bea = await subscriber('bea.quota');
    const bigger = (await bea.open('b', [2, 3])).json() as { id: string };
    expect((await bea.put(bigger.id, 'followers/0', followers)).statusCode).toBe(204);
    // Past the quota by the bytes of two names: refused, in Spanish for a Spanish reader, and not stored.
    const refused = await bea.put(bigger.id, 'following/0', moreFollowing, 'es-MX,es;q=0.9');
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ code: 'quota', message: serverMessages.importQuota.es });
    expect((await bea.open('b', [2, 3])).json()).toMatchObject({ received: { followers: [0], following: [] } });

    // A download whose declared chunks cannot fit is refused at once, before any chunk is sent.
    const huge = await ana.open('c', [40_001, 0]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: 'quota', message: serverMessages.importQuota.en });
  });

  it('frees the quota when an upload is committed or abandoned for another', async () => {
    await harness.start({ settings: { ...testSettings, importQuota: quota } });
    const ana = await subscriber('ana.frees');
    const first = (await ana.open('a', [2, 1], NOW - 86_400)).json() as { id: string };
    await ana.put(first.id, 'followers/0', followers);
    await ana.put(first.id, 'following/0', following);
    expect((await ana.commit(first.id)).json()).toMatchObject({ status: 'imported' });
    // The committed chunks stay (lists read names from them) but no longer count.
    const second = (await ana.open('b', [2, 1])).json() as { id: string };
    expect((await ana.put(second.id, 'followers/0', followers)).statusCode).toBe(204);
    expect((await ana.put(second.id, 'following/0', following)).statusCode).toBe(204);

    // Opening another download abandons the half-sent one, whose chunks go with it.
    const third = (await ana.open('c', [2, 1])).json() as { id: string };
    expect((await ana.put(third.id, 'followers/0', followers)).statusCode).toBe(204);
    expect((await ana.put(third.id, 'following/0', following)).statusCode).toBe(204);
    expect((await ana.commit(third.id)).json()).toMatchObject({ status: 'imported' });
  });
});

// Issue 52 item 2: an account's storage is bounded however many downloads it imports or analyses it
// runs. Its two latest analyses keep their names and packed arrays (the next diff, the lists and the
// followers lost since the one before); older ones keep only their counts and events.
import { asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importDownload } from '../../tests/support/imports.ts';
import { serverPerTest, subscribedAccount } from '../../tests/support/test-server.ts';
import { analyses, analysisParts, importChunks, snapshots } from '../db/schema.ts';
import { ANALYSES_KEPT } from './retention.ts';

const harness = serverPerTest();
const WEEK = 7 * 86_400_000;

/** Per complete analysis of the account, oldest first: chunks and parts it still holds, and its follower count. */
async function held(userId: string) {
  const db = harness.app.services.db;
  const rows = await db
    .select({ id: analyses.id, followers: snapshots.followersCount })
    .from(analyses)
    .innerJoin(snapshots, eq(snapshots.analysisId, analyses.id))
    .where(eq(analyses.userId, userId))
    .orderBy(asc(analyses.finishedAt));
  const out = [];
  for (const { id, followers } of rows) {
    const [chunks] = await db.select({ n: count() }).from(importChunks).where(eq(importChunks.analysisId, id));
    const [parts] = await db.select({ n: count() }).from(analysisParts).where(eq(analysisParts.analysisId, id));
    out.push({ chunks: chunks?.n ?? 0, parts: parts?.n ?? 0, followers });
  }
  return out;
}

describe('what an account keeps of its imports', () => {
  it('names and arrays of its two latest only; the lists stay right week after week', async () => {
    await harness.start();
    const { user, token, authorization } = await subscribedAccount(harness.server, 'weekly.importer');
    const base = Math.floor(harness.server.now().getTime() / 1000) - 400 * 86_400;
    const week = (n: number, followers: string[]) =>
      importDownload(
        harness.app,
        {
          owner: 'weekly.importer',
          following: [{ name: 'zed', at: base }],
          // Each week's names followed at their own times: none is read as a rename.
          followers: [followers.map((name) => ({ name, at: base + name.charCodeAt(0) * 97 }))],
          writtenAt: base + 100_000 * n,
        },
        token,
      );
    const list = async (path: string) => {
      const answer = await harness.app.inject({
        url: `/api/v1/client/instagram/${path}/100/?page=1`,
        headers: { authorization },
      });
      expect(answer.statusCode).toBe(200);
      return (answer.json() as Array<{ insta_username: string }>).map((item) => item.insta_username).sort();
    };

    expect(await week(1, ['ana', 'bob', 'cai'])).toMatchObject({ ok: true });
    harness.server.advance(WEEK);
    expect(await week(2, ['ana', 'bob', 'cai', 'dan'])).toMatchObject({ ok: true });
    const two = await held(user.id);
    expect(two).toHaveLength(ANALYSES_KEPT);
    for (const analysis of two)
      expect(analysis).toMatchObject({ chunks: expect.any(Number), parts: expect.any(Number) });
    for (const analysis of two) expect(Math.min(analysis.chunks, analysis.parts)).toBeGreaterThan(0);

    harness.server.advance(WEEK);
    expect(await week(3, ['ana', 'dan', 'eva'])).toMatchObject({ ok: true });
    const three = await held(user.id);
    // The oldest keeps its counts, nothing else; the two latest keep everything.
    expect(three[0]).toEqual({ chunks: 0, parts: 0, followers: 3 });
    for (const analysis of three.slice(1)) expect(Math.min(analysis.chunks, analysis.parts)).toBeGreaterThan(0);
    // Bob and Cai, lost since the second download, are still named: their names are in its chunks.
    expect(await list('follower/lost')).toEqual(['bob', 'cai']);
    expect(await list('new/followers')).toEqual(['eva']);

    // A fourth week diffs against the third, whatever went of the first two.
    harness.server.advance(WEEK);
    expect(await week(4, ['ana', 'eva', 'fay'])).toMatchObject({ ok: true });
    expect((await held(user.id)).map((analysis) => Math.min(analysis.chunks, analysis.parts) > 0)).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(await list('follower/lost')).toEqual(['dan']);
    expect(await list('new/followers')).toEqual(['fay']);
    expect(await list('mutual/follower')).toEqual([]);
  });
});

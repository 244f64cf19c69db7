// Issue 52 item 2: an account's storage is bounded however many downloads it imports. The names of its
// two latest imports are kept (the lists and the followers lost since the one before), older ones go.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importDownload } from '../../tests/support/imports.ts';
import { serverPerTest, subscribedAccount } from '../../tests/support/test-server.ts';
import { analyses, importChunks } from '../db/schema.ts';
import { IMPORTS_KEPT } from './import-retention.ts';

const harness = serverPerTest();
const WEEK = 7 * 86_400_000;

/** The account's complete imports, oldest first, with how many chunks each still holds. */
async function chunksPerImport(userId: string): Promise<number[]> {
  const db = harness.app.services.db;
  const imports = await db
    .select({ id: analyses.id })
    .from(analyses)
    .where(eq(analyses.userId, userId))
    .orderBy(asc(analyses.finishedAt));
  const counts: number[] = [];
  for (const { id } of imports) {
    counts.push((await db.select().from(importChunks).where(eq(importChunks.analysisId, id))).length);
  }
  return counts;
}

describe('the chunks an account keeps of its imports', () => {
  it('are its two latest imports’ only, and the latest lists still name the followers lost since the one before', async () => {
    await harness.start();
    const { user, token, authorization } = await subscribedAccount(harness.server, 'weekly.importer');
    const week = (n: number, followers: string[]) => {
      const at = Math.floor(harness.server.now().getTime() / 1000) - 400 * 86_400;
      return importDownload(
        harness.app,
        {
          owner: 'weekly.importer',
          following: [{ name: 'zed', at }],
          followers: [followers.map((name, i) => ({ name, at: at + 1_000 * n + i }))],
          writtenAt: at + 1_000 * n + 500,
        },
        token,
      );
    };
    expect(await week(1, ['ana', 'bob', 'cai'])).toMatchObject({ ok: true });
    harness.server.advance(WEEK);
    expect(await week(2, ['ana', 'bob', 'cai', 'dan'])).toMatchObject({ ok: true });
    // Two imports: both keep their names (a list and its follower chunk each at least).
    const two = await chunksPerImport(user.id);
    expect(two).toHaveLength(IMPORTS_KEPT);
    for (const count of two) expect(count).toBeGreaterThan(0);

    harness.server.advance(WEEK);
    expect(await week(3, ['ana', 'dan', 'eva'])).toMatchObject({ ok: true });
    const three = await chunksPerImport(user.id);
    expect(three[0]).toBe(0);
    for (const count of three.slice(1)) expect(count).toBeGreaterThan(0);

    // Bob and Cai, lost since the second download, are still named: their names are in its chunks.
    const lost = await harness.app.inject({
      url: '/api/v1/client/instagram/follower/lost/100/?page=1',
      headers: { authorization },
    });
    expect(lost.statusCode).toBe(200);
    const names = (lost.json() as Array<{ insta_username: string }>).map((item) => item.insta_username);
    expect(names.sort()).toEqual(['bob', 'cai']);
  });
});

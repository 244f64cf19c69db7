// Arrays in parts (issue 19): what is written reads back whole and by any range, across part edges, and
// a list stored whole before parts existed still pages.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/support/test-server.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { analyses, analysisLists, users } from '../db/schema.ts';
import { listPage } from './lists.ts';
import { pack } from './packing.ts';
import { PART_VALUES, readIdRange, readIds, writeParts } from './parts.ts';

let handle: DatabaseHandle;
let userId: string;

async function newAnalysis(now = new Date()): Promise<string> {
  const [row] = await handle.db
    .insert(analyses)
    .values({ userId, username: 'parts.sample', status: 'complete', startedAt: now, updatedAt: now, finishedAt: now })
    .returning({ id: analyses.id });
  if (!row) throw new Error('no analysis');
  return row.id;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  const [user] = await handle.db
    .insert(users)
    .values({ email: 'parts@example.com', username: 'parts.sample' })
    .returning();
  userId = user?.id ?? '';
});
afterAll(() => handle.close());

describe('arrays in parts', () => {
  const count = PART_VALUES * 3 + 1234;
  const ids = BigUint64Array.from({ length: count }, (_, i) => (BigInt(i) << 40n) + 0xffff_ffffn + BigInt(i % 7));

  it('reads back whole, and any range, across the edges of parts', async () => {
    const analysisId = await newAnalysis();
    await writeParts(handle.db, analysisId, 'followers', ids);
    expect(await readIds(handle.db, analysisId, 'followers', count)).toEqual(ids);
    for (const [from, to] of [
      [0, 15],
      [PART_VALUES - 1, PART_VALUES + 1],
      [PART_VALUES * 2 - 7, PART_VALUES * 3 + 9],
      [count - 3, count + 50],
      [count, count + 15],
    ] as const) {
      expect(await readIdRange(handle.db, analysisId, 'followers', count, from, to), `${from}..${to}`).toEqual(
        ids.slice(from, Math.min(to, count)),
      );
    }
  });

  it('keeps follow times apart from ids, and empty arrays empty', async () => {
    const analysisId = await newAnalysis();
    const times = Uint32Array.from({ length: PART_VALUES + 5 }, (_, i) => 1_700_000_000 + i);
    await writeParts(handle.db, analysisId, 'followersAt', times);
    await writeParts(handle.db, analysisId, 'following', new BigUint64Array());
    expect(await readIds(handle.db, analysisId, 'following', 0)).toEqual(new BigUint64Array());
    expect(await readIdRange(handle.db, analysisId, 'following', 0, 0, 15)).toEqual(new BigUint64Array());
  });

  it('gives every random range the same values as the array it came from', async () => {
    const analysisId = await newAnalysis();
    await writeParts(handle.db, analysisId, 'list:mutualFollowers', ids);
    await fc.assert(
      fc.asyncProperty(fc.nat(count), fc.nat(PART_VALUES * 2), async (from, length) => {
        const got = await readIdRange(handle.db, analysisId, 'list:mutualFollowers', count, from, from + length);
        expect(got).toEqual(ids.slice(from, Math.min(from + length, count)));
      }),
      { numRuns: 25 },
    );
  });
});

describe('a list stored whole, before parts', () => {
  it('still pages', async () => {
    // The user's latest analysis, whatever the clock did during the tests above.
    const analysisId = await newAnalysis(new Date(Date.now() + 60_000));
    const legacy = BigUint64Array.from({ length: 40 }, (_, i) => BigInt(i + 1));
    await handle.db.insert(analysisLists).values({ analysisId, list: 'mutualFollowers', ids: pack(legacy), count: 40 });
    const source = {
      profiles: async (wanted: string[]) =>
        wanted.map((id) => ({ id, username: `user_${id}`, fullName: '', imageUrl: '' })),
    };
    const page = await listPage(handle.db, source as never, userId, 'mutualFollowers', 3, 15, new Date());
    expect(page.map((item) => item.insta_id)).toEqual(Array.from({ length: 10 }, (_, i) => String(31 + i)));
  });
});

// Issue 32: the commit reads an upload's chunks a page at a time, steps over the names, and joins the
// same lists as decoding every chunk whole did.
import { gunzipSync, gzipSync } from 'node:zlib';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { decodeChunk, encodeList, type FollowList, type SnapshotList } from '../../common/snapshot/snapshot.ts';
import { serverPerTest } from '../../tests/support/test-server.ts';
import { issueToken } from '../auth/tokens.ts';
import { analyses, analysisParts, importChunks, snapshots, users } from '../db/schema.ts';
import { readImportedList } from './import-commit.ts';
import { concat } from './packing.ts';

const harness = serverPerTest();
const NOW = Date.UTC(2026, 10, 20, 12) / 1000;
const FOLLOWERS = 45_000;

/**
 * An account with a token, and an upload of FOLLOWERS followers (3 chunks, put in the order `order`
 * gives) and 3 following, opened and sent.
 */
async function openedUpload(order: (chunks: Uint8Array[]) => Uint8Array[] = (chunks) => chunks) {
  const db = harness.app.services.db;
  const [user] = await db
    .insert(users)
    .values({ email: 'pages@example.com', username: 'pages', isSubscribed: true })
    .returning();
  if (!user) throw new Error('no user');
  const token = await issueToken(db, user.id, harness.server.now());
  const headers = { authorization: `Bearer ${token}` };
  const lists: Record<FollowList, Uint8Array[]> = {
    followers: order(
      encodeList(
        'followers',
        Array.from({ length: FOLLOWERS }, (_, i) => ({ name: `person_${i}`, at: NOW - i })),
      ),
    ),
    following: encodeList('following', [
      { name: 'amy', at: NOW },
      { name: 'ben', at: null },
      { name: 'person_7', at: NOW - 9 },
    ]),
  };
  const meta = {
    digest: 'b'.repeat(64),
    owner: null,
    writtenAt: NOW,
    followers: { count: FOLLOWERS, chunks: lists.followers.length },
    following: { count: 3, chunks: 1 },
    firstFollowAt: null,
    lastFollowAt: null,
  };
  const open = await harness.app.inject({ method: 'POST', url: '/api/v1/client/imports/', headers, payload: meta });
  const { id } = open.json() as { id: string };
  for (const list of ['followers', 'following'] as const) {
    for (const [seq, chunk] of lists[list].entries()) {
      const put = await harness.app.inject({
        method: 'PUT',
        url: `/api/v1/client/imports/${id}/${list}/${seq}`,
        headers: { ...headers, 'content-type': 'application/gzip' },
        payload: gzipSync(chunk),
      });
      expect(put.statusCode).toBe(204);
    }
  }
  return { id, headers };
}

/** The way before issue 32: every chunk of the list read at once and decoded whole, names and all. */
async function wholeList(id: string, list: SnapshotList) {
  const rows = await harness.app.services.db
    .select({ data: importChunks.data })
    .from(importChunks)
    .where(and(eq(importChunks.analysisId, id), eq(importChunks.list, list)))
    .orderBy(asc(importChunks.seq));
  const chunks = rows.map((row) => decodeChunk(gunzipSync(row.data)));
  const at = new Uint32Array(chunks.reduce((sum, chunk) => sum + chunk.at.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    at.set(chunk.at, offset);
    offset += chunk.at.length;
  }
  return { ids: concat(chunks.map((chunk) => chunk.ids)), at };
}

describe('committing an import', () => {
  it('reads a list a page of chunks at a time and joins what decoding every chunk whole joined', async () => {
    await harness.start();
    const { id } = await openedUpload();
    const db = harness.app.services.db;
    // The reader's own queries: a spy on the database would count the mail dispatcher's polls too.
    let selects = 0;
    const counted = new Proxy(db, {
      get: (target, key, receiver) =>
        key === 'select'
          ? (...args: Parameters<typeof db.select>) => {
              selects++;
              return target.select(...args);
            }
          : Reflect.get(target, key, receiver),
    });
    const followers = await readImportedList(counted, id, 'followers', FOLLOWERS, 1);
    // Three chunks, one per query, and the query that finds no more.
    expect(selects).toBe(4);
    selects = 0;
    const paged = await readImportedList(counted, id, 'followers', FOLLOWERS, 2);
    expect(selects).toBe(2);

    const whole = await wholeList(id, 'followers');
    expect(whole.ids).toHaveLength(FOLLOWERS);
    expect(followers?.ids).toEqual(whole.ids);
    expect(followers?.at).toEqual(whole.at);
    expect(paged?.ids).toEqual(whole.ids);
    const following = await readImportedList(db, id, 'following', 3);
    expect(following).toEqual(await wholeList(id, 'following'));
    // A count other than the one declared is not the upload's list.
    expect(await readImportedList(db, id, 'following', 4)).toBeUndefined();
  });

  it('commits an upload once when its commit is sent twice at once: the second waits for the first', async () => {
    await harness.start();
    const { id, headers } = await openedUpload();
    const db = harness.app.services.db;
    const commit = () => harness.app.inject({ method: 'POST', url: `/api/v1/client/imports/${id}/commit`, headers });
    // Issue 31: the parts are written before the last transaction; two commits writing them at once
    // would trip each other's keys. The second holds off until the first ends, then answers as it did.
    const answers = await Promise.all([commit(), commit()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().status)).toEqual(['imported', 'imported']);
    const [upload] = await db.select().from(analyses).where(eq(analyses.id, id));
    expect(upload).toMatchObject({ status: 'complete' });
    expect(await db.select().from(snapshots).where(eq(snapshots.analysisId, id))).toHaveLength(1);
    const followers = await db
      .select({ seq: analysisParts.seq })
      .from(analysisParts)
      .where(and(eq(analysisParts.analysisId, id), eq(analysisParts.name, 'followers')));
    expect(followers).toHaveLength(1);
    const [user] = await db.select().from(users).where(eq(users.email, 'pages@example.com'));
    expect(user?.totalFollowers).toBe(FOLLOWERS);
  });

  it('refuses chunks whose ids do not ascend from one chunk to the next', async () => {
    await harness.start();
    const { id, headers } = await openedUpload((chunks) => [chunks[1], chunks[0], chunks[2]] as Uint8Array[]);
    const commit = await harness.app.inject({ method: 'POST', url: `/api/v1/client/imports/${id}/commit`, headers });
    expect(commit.statusCode).toBe(400);
    expect(commit.json()).toMatchObject({ code: 'badChunk' });
  });
});

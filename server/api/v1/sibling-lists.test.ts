// Issue 50 item 5: the download's requests sent and not accepted (pending_follow_requests) and accounts
// unfollowed recently (recently_unfollowed_profiles), imported with the app's own reader and upload:
// stored with the import, paged and exported like every list, counted in the record (null where the
// download has no such list), untouched by the same download again, and added to an import already held
// by a download that brings only them.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DownloadSpec, Follow } from '../../../tests/fixtures/downloads.ts';
import { importDownload, injectFetch } from '../../../tests/support/imports.ts';
import { serverPerTest } from '../../../tests/support/test-server.ts';
import type { ListExportEnd, ListExportHead, ListExportRow } from '../../analysis/list-export.ts';
import { issueToken } from '../../auth/tokens.ts';
import { analyses, importChunks, snapshots, users } from '../../db/schema.ts';

const harness = serverPerTest();
const DAY = 86_400;
const NOW = Date.UTC(2026, 10, 20, 12) / 1000;

async function account(username: string) {
  const db = harness.app.services.db;
  const [user] = await db
    .insert(users)
    .values({ email: `${username}@example.com`, username, isSubscribed: true })
    .returning();
  if (!user) throw new Error('no user');
  const token = await issueToken(db, user.id, harness.server.now());
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

const people = (prefix: string, count: number, at: number): Follow[] =>
  Array.from({ length: count }, (_, i) => ({ name: `${prefix}${i}`, at: at + i }));

/** A page of a list as the screens ask for it, with its headers. */
async function page(auth: Record<string, string>, path: string, number: number, size = 15) {
  const response = await harness.app.inject({
    url: `/api/v1/client/instagram/${path}/${size}/?page=${number}`,
    headers: auth,
  });
  expect(response.statusCode).toBe(200);
  const items = response.json() as Array<{ insta_id: string; insta_username: string; insta_full_name: string }>;
  return { items, names: items.map((item) => item.insta_username), headers: response.headers };
}

/** Every name of a list, page after page. */
async function everyone(auth: Record<string, string>, path: string): Promise<string[]> {
  const names: string[] = [];
  for (let number = 1; ; number++) {
    const { names: shown } = await page(auth, path, number);
    names.push(...shown);
    if (shown.length < 15) return names.sort();
  }
}

const sorted = (follows: Follow[]) => follows.map((follow) => follow.name).sort();

describe('the download’s requests sent and accounts unfollowed (issue 50 item 5)', () => {
  it.each(['json', 'html'] as const)(
    'are stored with the import, paged and exported as every list is, and counted in the record (%s)',
    async (format) => {
      await harness.start();
      const { user, token, auth } = await account('pia.owner');
      const requests = people('asked_', 20, NOW - 30 * DAY);
      const unfollowed = people('left_', 2, NOW - 10 * DAY);
      const outcome = await importDownload(
        harness.app,
        {
          owner: 'pia.owner',
          format,
          followers: [people('fan_', 3, NOW - 400 * DAY)],
          following: people('fan_', 2, NOW - 300 * DAY),
          pendingFollowRequests: requests,
          recentlyUnfollowedProfiles: unfollowed,
          writtenAt: NOW,
        },
        token,
      );
      expect(outcome).toMatchObject({
        ok: true,
        status: 'imported',
        user: { total_followers: 3, pending_follow_requests: 20, recently_unfollowed_profiles: 2 },
      });

      // Stored with the import: its chunks and its declared shape.
      const db = harness.app.services.db;
      const [held] = await db.select().from(analyses).where(eq(analyses.userId, user.id));
      expect(held?.importMeta).toMatchObject({
        pendingFollowRequests: { count: 20, chunks: 1 },
        recentlyUnfollowedProfiles: { count: 2, chunks: 1 },
      });
      const chunks = await db
        .select({ list: importChunks.list, count: importChunks.count })
        .from(importChunks)
        .where(eq(importChunks.analysisId, held?.id ?? ''));
      expect(chunks.sort((a, b) => (a.list < b.list ? -1 : 1))).toEqual([
        { list: 'followers', count: 3 },
        { list: 'following', count: 2 },
        { list: 'pendingFollowRequests', count: 20 },
        { list: 'recentlyUnfollowedProfiles', count: 2 },
      ]);

      // Paged 15 at a time, with the whole length and the download as their source.
      const first = await page(auth, 'pending_follow_requests', 1);
      expect(first.names).toHaveLength(15);
      expect(first.headers['x-total-count']).toBe('20');
      expect(first.headers['x-source']).toBe('download');
      expect(first.headers['x-source-at']).toBe(new Date(NOW * 1000).toISOString());
      expect(first.items[0]).toMatchObject({ insta_full_name: '' });
      expect((await page(auth, 'pending_follow_requests', 2)).names).toHaveLength(5);
      expect(await everyone(auth, 'pending_follow_requests')).toEqual(sorted(requests));
      expect(await everyone(auth, 'recently_unfollowed_profiles')).toEqual(sorted(unfollowed));
      // Nobody of them is counted among the followers' lists.
      expect(await everyone(auth, 'dont/follow/back')).toEqual(['fan_2']);

      // The export streams the same names with the same source.
      const response = await harness.app.inject({
        url: '/api/v1/client/instagram/pending_follow_requests/export/',
        headers: auth,
      });
      const lines = response.body.trimEnd().split('\n');
      const head = JSON.parse(lines[0] ?? '') as ListExportHead;
      const end = JSON.parse(lines.at(-1) ?? '') as ListExportEnd;
      const rows = lines.slice(1, -1).flatMap((line) => JSON.parse(line) as ListExportRow[]);
      expect(head).toMatchObject({ list: 'pendingFollowRequests', total: 20, source: { source: 'download' } });
      expect(rows.map(([, name]) => name).sort()).toEqual(sorted(requests));
      expect(end).toEqual({ end: true, count: 20 });
    },
  );

  it('are unknown, not "nobody", where the download has no such file; and none for an account without a download', async () => {
    await harness.start();
    const { token, auth } = await account('quin.owner');
    const none = await account('no.download');
    expect(
      await page(none.auth, 'pending_follow_requests', 1).then(({ names, headers }) => [
        names,
        headers['x-total-count'],
      ]),
    ).toEqual([[], undefined]);
    const outcome = await importDownload(
      harness.app,
      {
        owner: 'quin.owner',
        followers: [people('fan_', 2, NOW - 400 * DAY)],
        following: [],
        pendingFollowRequests: [],
        writtenAt: NOW,
      },
      token,
    );
    // An empty file says nobody; a missing one says nothing.
    expect(outcome).toMatchObject({
      ok: true,
      user: { pending_follow_requests: 0, recently_unfollowed_profiles: null },
    });
    expect((await page(auth, 'pending_follow_requests', 1)).headers['x-total-count']).toBe('0');
    const missing = await page(auth, 'recently_unfollowed_profiles', 1);
    expect([missing.names, missing.headers['x-total-count']]).toEqual([[], undefined]);
  });

  it('the same download again is a no-op; one that only adds these lists updates the import it is', async () => {
    await harness.start();
    const { user, token, auth } = await account('rae.owner');
    const db = harness.app.services.db;
    const first: DownloadSpec = {
      owner: 'rae.owner',
      followers: [people('fan_', 4, NOW - 400 * DAY)],
      following: people('fan_', 2, NOW - 300 * DAY),
      writtenAt: NOW - DAY,
    };
    harness.server.advance(1_000);
    // The download as an app before this issue read it: no sibling lists.
    expect(await importDownload(harness.app, first, token)).toMatchObject({
      ok: true,
      status: 'imported',
      user: { pending_follow_requests: null, recently_unfollowed_profiles: null },
    });
    expect(await importDownload(harness.app, first, token)).toMatchObject({ ok: true, status: 'unchanged' });

    // The same download with its sibling files: only those lists are sent, and the import holds them.
    const withLists: DownloadSpec = {
      ...first,
      pendingFollowRequests: people('asked_', 3, NOW - 9 * DAY),
      recentlyUnfollowedProfiles: people('left_', 1, NOW - 8 * DAY),
    };
    const sent: string[] = [];
    const fetch = injectFetch(harness.app, (method, url) => {
      if (method === 'PUT') sent.push(url.split('/').slice(-2).join('/'));
      return false;
    });
    const updated = await importDownload(harness.app, withLists, token, { fetch });
    expect(updated).toMatchObject({
      ok: true,
      status: 'updated',
      user: { total_followers: 4, pending_follow_requests: 3, recently_unfollowed_profiles: 1 },
    });
    expect(sent.sort()).toEqual(['pendingFollowRequests/0', 'recentlyUnfollowedProfiles/0']);
    const rows = await db.select().from(analyses).where(eq(analyses.userId, user.id));
    expect(rows.map((row) => row.status)).toEqual(['complete']);
    expect(await db.select().from(snapshots).where(eq(snapshots.userId, user.id))).toHaveLength(1);
    expect(await everyone(auth, 'pending_follow_requests')).toEqual(['asked_0', 'asked_1', 'asked_2']);
    expect(await everyone(auth, 'recently_unfollowed_profiles')).toEqual(['left_0']);
    expect(await everyone(auth, 'dont/follow/back')).toEqual(['fan_2', 'fan_3']);

    // Importing that again changes nothing.
    sent.length = 0;
    expect(await importDownload(harness.app, withLists, token, { fetch })).toMatchObject({
      ok: true,
      status: 'unchanged',
      user: { pending_follow_requests: 3 },
    });
    expect(sent).toEqual([]);

    // Other lists of the same download replace them (the pages read the new chunks, not the old ones kept).
    const answered = await importDownload(
      harness.app,
      { ...withLists, pendingFollowRequests: people('again_', 1, NOW - 9 * DAY) },
      token,
    );
    expect(answered).toMatchObject({ ok: true, status: 'updated', user: { pending_follow_requests: 1 } });
    expect(await everyone(auth, 'pending_follow_requests')).toEqual(['again_0']);
    const chunks = await db
      .select({ list: importChunks.list })
      .from(importChunks)
      .where(and(eq(importChunks.analysisId, rows[0]?.id ?? ''), eq(importChunks.list, 'pendingFollowRequests')));
    expect(chunks).toHaveLength(1);
  });

  it('an older import of the same download is not updated: the lists shown are the newest import’s', async () => {
    await harness.start();
    const { token } = await account('sol.owner');
    const older: DownloadSpec = {
      owner: 'sol.owner',
      followers: [people('fan_', 4, NOW - 400 * DAY)],
      following: [],
      writtenAt: NOW - 7 * DAY,
    };
    expect(await importDownload(harness.app, older, token)).toMatchObject({ status: 'imported' });
    harness.server.advance(1_000);
    expect(
      await importDownload(
        harness.app,
        { ...older, followers: [people('fan_', 5, NOW - 400 * DAY)], writtenAt: NOW },
        token,
      ),
    ).toMatchObject({ status: 'imported' });
    expect(
      await importDownload(harness.app, { ...older, pendingFollowRequests: people('asked_', 2, NOW) }, token),
    ).toMatchObject({ ok: true, status: 'unchanged', user: { pending_follow_requests: null } });
  });

  it('an official-API account without a download has neither list: unknown in its record, nothing on its pages', async () => {
    await harness.start();
    const { user, auth } = await account('pro.owner');
    const db = harness.app.services.db;
    await db
      .update(users)
      .set({ officialStatus: 'active', dataSource: 'official', dataTakenAt: new Date(NOW * 1000) })
      .where(eq(users.id, user.id));
    const detail = await harness.app.inject({ method: 'POST', url: '/api/v1/client/user/detail/', headers: auth });
    expect(detail.json()).toMatchObject({
      user: { data_source: 'official', pending_follow_requests: null, recently_unfollowed_profiles: null },
    });
    const requests = await page(auth, 'pending_follow_requests', 1);
    expect([requests.names, requests.headers['x-total-count'], requests.headers['x-source']]).toEqual([
      [],
      undefined,
      undefined,
    ]);
  });
});

// Importing data downloads end to end in Node: the worker's own parse, prepare and upload code
// against the real routes (through inject), history across downloads, resuming, and refusals.

import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { encodeList } from '../../../common/snapshot/snapshot.ts';
import type { DownloadSpec, Follow } from '../../../tests/fixtures/downloads.ts';
import { makeDownload } from '../../../tests/fixtures/downloads.ts';
import { parseDownload, prepareSnapshot, uploadSnapshot } from '../../../tests/support/client-import.ts';
import { importDownload, injectFetch } from '../../../tests/support/imports.ts';
import { serverPerTest } from '../../../tests/support/test-server.ts';
import { isSharpDrop } from '../../analysis/imports.ts';
import { issueToken } from '../../auth/tokens.ts';
import { analyses, followEvents, snapshots, users } from '../../db/schema.ts';

const harness = serverPerTest();
const DAY = 86_400;
const NOW = Date.UTC(2026, 10, 20, 12) / 1000;

async function account(username: string, totalFollowers = 0) {
  const [user] = await harness.app.services.db
    .insert(users)
    .values({ email: `${username}@example.com`, username, isSubscribed: true, totalFollowers })
    .returning();
  if (!user) throw new Error('no user');
  const token = await issueToken(harness.app.services.db, user.id, harness.server.now());
  return { user, token };
}

async function importing(spec: DownloadSpec, token: string, options: Parameters<typeof importDownload>[3] = {}) {
  return importDownload(harness.app, spec, token, options);
}

async function list(token: string, path: string): Promise<string[]> {
  const response = await harness.app.inject({
    url: `/api/v1/client/instagram/${path}/100/?page=1`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as Array<{ insta_username: string }>).map((item) => item.insta_username).sort();
}

const people = (names: string[], at: number): Follow[] => names.map((name, i) => ({ name, at: at + i }));

describe('importing data downloads', () => {
  it('a first download is the baseline; a week later the new and lost followers are exactly the change', async () => {
    await harness.start();
    const { user, token } = await account('ana.owner');
    const firstWeek = people(['bob', 'cris', 'dan', 'eve'], NOW - 400 * DAY);
    const first = await importing(
      {
        owner: 'ana.owner',
        followers: [firstWeek.slice(0, 2), firstWeek.slice(2)],
        following: people(['bob', 'zed'], NOW - 300 * DAY),
        writtenAt: NOW - 7 * DAY,
      },
      token,
    );
    expect(first).toMatchObject({
      ok: true,
      status: 'imported',
      user: { total_followers: 4, data_source: 'download' },
    });
    expect(await list(token, 'new/followers')).toEqual([]);
    expect(await list(token, 'mutual/follower')).toEqual(['bob']);
    expect(await list(token, 'not/following/back')).toEqual(['zed']);
    expect(await list(token, 'dont/follow/back')).toEqual(['cris', 'dan', 'eve']);

    harness.server.advance(60_000);
    // A week later: dan left, fay and gus came (gus followed two days ago), following unchanged.
    const weekLater: DownloadSpec = {
      owner: 'ana.owner',
      followers: [
        [...firstWeek.filter((f) => f.name !== 'dan'), { name: 'fay', at: NOW - 3 * DAY }],
        [{ name: 'gus', at: NOW - 2 * DAY }],
      ],
      following: people(['bob', 'zed'], NOW - 300 * DAY),
      writtenAt: NOW,
    };
    const second = await importing(weekLater, token);
    expect(second).toMatchObject({
      ok: true,
      status: 'imported',
      user: { total_followers: 5, new_followers: 2, followers_lost: 1 },
    });
    expect(await list(token, 'new/followers')).toEqual(['fay', 'gus']);
    expect(await list(token, 'follower/lost')).toEqual(['dan']);

    // Events are dated: a new follower by their follow time, a loss by the download's.
    const events = await harness.app.services.db
      .select({ kind: followEvents.kind, at: followEvents.at })
      .from(followEvents)
      .where(eq(followEvents.userId, user.id));
    expect(events.map((event) => [event.kind, event.at.getTime() / 1000]).sort()).toEqual(
      [
        ['followed', NOW - 3 * DAY],
        ['followed', NOW - 2 * DAY],
        ['unfollowed', NOW],
      ].sort(),
    );

    // The follower-growth chart draws from imports as from analyses.
    const history = await harness.app.inject({
      url: '/api/v1/client/followers/history/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(
      (history.json() as { points: Array<{ followers: number; gained: number; lost: number }> }).points.map((point) => [
        point.followers,
        point.gained,
        point.lost,
      ]),
    ).toEqual([
      [4, 0, 0],
      [5, 2, 1],
    ]);

    // The same download again changes nothing.
    const again = await importing(weekLater, token);
    expect(again).toMatchObject({ ok: true, status: 'unchanged', user: { new_followers: 2, followers_lost: 1 } });
    const stored = await harness.app.services.db.select().from(snapshots).where(eq(snapshots.userId, user.id));
    expect(stored).toHaveLength(2);
  });

  it('a broken connection resumes: the second try sends only the chunks the server lacks', async () => {
    await harness.start();
    const { token } = await account('big.owner');
    const many = Array.from({ length: 45_000 }, (_, i) => ({ name: `f${i}`, at: NOW - DAY - i }));
    const spec: DownloadSpec = { owner: 'big.owner', followers: [many], following: [], writtenAt: NOW };
    let puts = 0;
    const broken = await importing(spec, token, {
      fetch: injectFetch(harness.app, (method) => method === 'PUT' && ++puts > 1),
    });
    expect(broken).toEqual({ ok: false, kind: 'connection' });

    const sent: string[] = [];
    const resumed = await importing(spec, token, {
      fetch: injectFetch(harness.app, (method, url) => {
        if (method === 'PUT') sent.push(url.split('/').slice(-2).join('/'));
        return false;
      }),
    });
    expect(resumed).toMatchObject({ ok: true, status: 'imported', user: { total_followers: 45_000 } });
    // followers/0 arrived before the break; followers 1 and 2 and the (empty) following remained.
    expect(sent).toEqual(['followers/1', 'followers/2', 'following/0']);
  });

  // In HTML (issue 21) the same rules hold: the owner from personal_information.html, the range from
  // the dates written beside the names, the download's age from when its files were written.
  it.each(['json', 'html'] as const)(
    'refuses another account’s download, a date range and an older download, and keeps what was stored (%s)',
    async (format) => {
      await harness.start();
      const { user, token } = await account('cleo', 0);
      const importing = (spec: DownloadSpec, token: string) => importDownload(harness.app, { ...spec, format }, token);
      const otherAccount = await importing({ owner: 'somebody.else', followers: [[]], following: [] }, token);
      expect(otherAccount).toMatchObject({ ok: false, kind: 'refused', code: 'otherAccount' });
      expect((otherAccount as { message: string }).message).toContain('@somebody.else');

      const full = people(
        Array.from({ length: 60 }, (_, i) => `p${i}`),
        NOW - 900 * DAY,
      );
      expect(
        await importing({ owner: 'cleo', followers: [full], following: [], writtenAt: NOW - DAY }, token),
      ).toMatchObject({ ok: true, status: 'imported' });
      // "Last 3 months": only the followers of the last weeks, fewer than half of the 60 known.
      const recent = people(['p58', 'p59', 'q1'], NOW - 30 * DAY);
      const partial = await importing({ owner: 'cleo', followers: [recent], following: [], writtenAt: NOW }, token);
      expect(partial).toMatchObject({ ok: false, kind: 'refused', code: 'partialRange' });

      const older = await importing(
        { owner: 'cleo', followers: [full.slice(1)], following: [], writtenAt: NOW - 10 * DAY },
        token,
      );
      expect(older).toMatchObject({ ok: false, kind: 'refused', code: 'olderDownload' });

      const [row] = await harness.app.services.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.totalFollowers).toBe(60);
      const rows = await harness.app.services.db.select().from(analyses).where(eq(analyses.userId, user.id));
      expect(rows.map((r) => r.status)).toEqual(['complete']);
    },
  );

  it('refuses a download with no followers while following has people, in the reader’s language, storing nothing (issue 50)', async () => {
    await harness.start();
    const { user, token } = await account('noor');
    const kept = people(['bob', 'cris'], NOW - 400 * DAY);
    expect(
      await importing({ owner: 'noor', followers: [kept], following: kept, writtenAt: NOW - 7 * DAY }, token),
    ).toMatchObject({ ok: true, status: 'imported' });
    const meta = {
      digest: 'b'.repeat(64),
      owner: null,
      writtenAt: NOW,
      followers: { count: 0, chunks: 1 },
      following: { count: 2, chunks: 1 },
      firstFollowAt: null,
      lastFollowAt: null,
    };
    const open = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/imports/',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'pt-BR' },
      payload: meta,
    });
    expect(open.statusCode).toBe(422);
    expect(open.json()).toMatchObject({ code: 'noFollowers' });
    expect((open.json() as { message: string }).message).toContain('“Seguidores e seguindo”');
    const rows = await harness.app.services.db.select().from(analyses).where(eq(analyses.userId, user.id));
    expect(rows.map((row) => row.status)).toEqual(['complete']);
    const [row] = await harness.app.services.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.totalFollowers).toBe(2);
  });

  it.each(['json', 'html'] as const)(
    'tells a renamed follower as a rename, neither lost nor new, beside a real loss and a real arrival (%s)',
    async (format) => {
      await harness.start();
      const { token } = await account('rita');
      const longAgo = NOW - 400 * DAY - (NOW % 60);
      const first = await importing(
        {
          owner: 'rita',
          format,
          followers: [
            [
              { name: 'bob', at: longAgo },
              { name: 'cris', at: longAgo + 3_600 },
              { name: 'lea', at: NOW - 20 * DAY },
            ],
          ],
          following: [],
          writtenAt: NOW - 10 * DAY,
        },
        token,
      );
      expect(first).toMatchObject({ ok: true, baseline: true });
      harness.server.advance(60_000);
      const second = await importing(
        {
          owner: 'rita',
          format,
          followers: [
            [
              // bob is now bobby: the same follow time, before the previous download.
              { name: 'bobby', at: longAgo },
              { name: 'cris', at: longAgo + 3_600 },
              // lea left; max followed after the previous download.
              { name: 'max', at: NOW - 5 * DAY },
            ],
          ],
          following: [],
          writtenAt: NOW,
        },
        token,
      );
      expect(second).toMatchObject({
        ok: true,
        status: 'imported',
        renames: [{ from: 'bob', to: 'bobby' }],
        user: { new_followers: 1, followers_lost: 1 },
      });
      expect(await list(token, 'new/followers')).toEqual(['max']);
      expect(await list(token, 'follower/lost')).toEqual(['lea']);
      const renames = await harness.app.inject({
        url: '/api/v1/client/imports/renames/',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(renames.json()).toEqual([{ from: 'bob', to: 'bobby' }]);
    },
  );

  it('asks first about a sharp drop, changing nothing, and imports that download when told to (issue 50)', async () => {
    await harness.start();
    const { user, token } = await account('sara');
    const ten = people(
      Array.from({ length: 10 }, (_, i) => `f${i}`),
      NOW - 900 * DAY,
    );
    expect(
      await importing({ owner: 'sara', followers: [ten], following: [], writtenAt: NOW - 9 * DAY }, token),
    ).toMatchObject({
      ok: true,
    });
    harness.server.advance(60_000);
    const six: DownloadSpec = { owner: 'sara', followers: [ten.slice(0, 6)], following: [], writtenAt: NOW };
    const asked = await importing(six, token);
    expect(asked).toMatchObject({ ok: false, kind: 'refused', code: 'sharpDrop' });
    expect((asked as { message: string }).message).toContain('6 followers; your previous one had 10');
    const [kept] = await harness.app.services.db.select().from(users).where(eq(users.id, user.id));
    expect(kept?.totalFollowers).toBe(10);
    // A drop of 30% or less is no question.
    expect(isSharpDrop(10, 7)).toBe(false);
    expect(isSharpDrop(10, 6)).toBe(true);

    // "Import anyway": the answer travels with this download's upload.
    const parsed = await parseDownload(await makeDownload(six));
    if (!parsed.ok) throw new Error(parsed.problem);
    const prepared = await prepareSnapshot(parsed.value);
    prepared.meta.acceptDrop = true;
    const anyway = await uploadSnapshot(prepared, {
      token,
      headers: {},
      fetch: injectFetch(harness.app),
      retryDelays: [],
    });
    expect(anyway).toMatchObject({ ok: true, status: 'imported', user: { total_followers: 6, followers_lost: 4 } });
  });

  it('remembers "keep the previous" for that download alone: it keeps it without asking, another asks afresh (issue 50)', async () => {
    await harness.start();
    const { user, token } = await account('tess');
    const db = harness.app.services.db;
    const ten = people(
      Array.from({ length: 10 }, (_, i) => `f${i}`),
      NOW - 900 * DAY,
    );
    expect(
      await importing({ owner: 'tess', followers: [ten], following: [], writtenAt: NOW - 9 * DAY }, token),
    ).toMatchObject({ ok: true, status: 'imported' });
    harness.server.advance(60_000);
    const six: DownloadSpec = { owner: 'tess', followers: [ten.slice(0, 6)], following: [], writtenAt: NOW };
    const asked = await importing(six, token);
    expect(asked).toMatchObject({ ok: false, kind: 'refused', code: 'sharpDrop' });
    const digest = (asked as { digest?: string }).digest;
    expect(digest).toMatch(/^[0-9a-f]{64}$/);

    // "Keep the previous import".
    const keep = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/imports/keep/',
      headers: { authorization: `Bearer ${token}` },
      payload: { digest },
    });
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({ status: 'kept', user: { total_followers: 10 } });

    // The same download again: kept, without the question, and nothing stored changes.
    expect(await importing(six, token)).toMatchObject({ ok: true, status: 'kept', user: { total_followers: 10 } });
    const rows = await db.select().from(analyses).where(eq(analyses.userId, user.id));
    expect(rows.map((row) => row.status)).toEqual(['complete']);

    // Another download with a sharp drop is asked about afresh.
    const five: DownloadSpec = { owner: 'tess', followers: [ten.slice(0, 5)], following: [], writtenAt: NOW };
    expect(await importing(five, token)).toMatchObject({ ok: false, kind: 'refused', code: 'sharpDrop' });

    // The kept download can still be imported when the owner says so.
    const parsed = await parseDownload(await makeDownload(six));
    if (!parsed.ok) throw new Error(parsed.problem);
    const prepared = await prepareSnapshot(parsed.value);
    prepared.meta.acceptDrop = true;
    expect(
      await uploadSnapshot(prepared, { token, headers: {}, fetch: injectFetch(harness.app), retryDelays: [] }),
    ).toMatchObject({ ok: true, status: 'imported', user: { total_followers: 6 } });
  });

  it('says how many entries of which list it left out (issue 50)', async () => {
    await harness.start();
    const { token } = await account('lena');
    const outcome = await importing(
      {
        owner: 'lena',
        followers: [people(['bob', 'cris'], NOW - 400 * DAY)],
        following: [],
        writtenAt: NOW - DAY,
        extra: {
          'connections/followers_and_following/followers_2.json':
            '[{"title": "", "string_list_data": [{"href": "https://www.instagram.com/"}]}, {"title": "", "string_list_data": []}]',
        },
      },
      token,
    );
    expect(outcome).toMatchObject({
      ok: true,
      status: 'imported',
      leftOut: { followers: 2 },
      user: { total_followers: 2 },
    });
  });

  it('refuses a damaged chunk and one whose ids are not its names', async () => {
    await harness.start();
    const { token } = await account('dora');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const meta = {
      digest: 'a'.repeat(64),
      owner: null,
      writtenAt: NOW,
      followers: { count: 2, chunks: 1 },
      following: { count: 0, chunks: 1 },
      firstFollowAt: null,
      lastFollowAt: null,
    };
    const open = await harness.app.inject({ method: 'POST', url: '/api/v1/client/imports/', headers, payload: meta });
    const { id } = open.json() as { id: string };
    const put = (payload: Buffer) =>
      harness.app.inject({
        method: 'PUT',
        url: `/api/v1/client/imports/${id}/followers/0`,
        headers: { ...headers, 'content-type': 'application/gzip' },
        payload,
      });
    expect((await put(Buffer.from('not gzip at all'))).json()).toMatchObject({ code: 'badChunk' });
    const good = encodeList('followers', [
      { name: 'amy', at: 1 },
      { name: 'ben', at: 2 },
    ])[0] as Uint8Array;
    const forged = Buffer.from(good);
    forged[9] = (forged[9] as number) ^ 1; // the first id's lowest byte
    expect((await put(gzipSync(forged))).statusCode).toBe(400);
    expect((await put(gzipSync(good))).statusCode).toBe(204);
    const commit = await harness.app.inject({
      method: 'POST',
      url: `/api/v1/client/imports/${id}/commit`,
      headers: { authorization: headers.authorization },
    });
    expect(commit.json()).toMatchObject({ code: 'incomplete' });
  });

  it('feeds post analytics from the owner’s own posts: counts and dates, and nothing a download lacks', async () => {
    await harness.start();
    const { token } = await account('poster');
    const result = await importing(
      {
        owner: 'poster',
        followers: [people(['a1', 'a2'], NOW - 100 * DAY)],
        following: [],
        writtenAt: NOW,
        posts: [
          { at: NOW - 2 * DAY, uris: ['media/posts/1.jpg'] },
          { at: NOW - 9 * DAY, uris: ['media/posts/2.mp4'] },
          { at: NOW - 16 * DAY, uris: ['media/posts/3.jpg', 'media/posts/4.jpg'] },
        ],
        reels: [{ at: NOW - 5 * DAY, uri: 'media/reels/1.mp4' }],
      },
      token,
    );
    expect(result).toMatchObject({ ok: true, user: { post_count: 3, reel_count: 1, data_source: 'download' } });
    const headers = { authorization: `Bearer ${token}` };
    const analysis = (await harness.app.inject({ url: '/api/v1/client/postAnalysis/', headers })).json();
    expect(analysis.metrics).toMatchObject({
      post_count: 3,
      post_videos_count: 1,
      post_images_count: 2,
      last_post_days: 2,
      most_post_likes: null,
      avg_post_comments: null,
      most_post_views: null,
      daily_engagement: null,
      overall_avg_engagement: null,
    });
    expect(analysis.reel_metrics).toMatchObject({ post_count: 1, post_videos_count: 1, most_post_likes: null });
    // Every figure says where it came from; what is missing says which source would give it.
    expect(analysis.source).toEqual({ source: 'download', at: new Date(NOW * 1000).toISOString() });
    expect(analysis.unavailable).toEqual({ needs: ['official'] });
    const group = (await harness.app.inject({ url: '/api/v1/client/posts/mostLiked/false/', headers })).json();
    expect(group.data).toEqual({ id: 'mostLiked', post_count: 0, posts: [], unavailable: true, needs: ['official'] });
  });
});

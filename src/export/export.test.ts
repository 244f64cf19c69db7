// The worker's exports against an IndexedDB (fake-indexeddb) and a fake server: a list streamed whole
// and resumed after a broken connection, a list offline from the saved pages, post analytics with what a
// source cannot give, and the account's ZIP online and offline.
import { BlobReader, type FileEntry, TextWriter, ZipReader } from '@zip.js/zip.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../common/schema/account-export.ts';
import type { UserRecord } from '../../common/schema/user.ts';
import { csvText, parseCsv } from '../../tests/support/csv.ts';
import { FollowscopeDb } from '../db/schema.ts';
import { exportAccount } from './account-export.ts';
import type { ExportContext } from './context.ts';
import { exportList } from './list-export.ts';
import { exportPostAnalytics } from './post-export.ts';
import { exportStore } from './store.ts';
import { blobTarget } from './target.ts';

const AT = '2026-11-20T10:42:00.000Z';
const NOW = new Date('2026-11-25T09:00:00.000Z');
let db: FollowscopeDb;
let dbCount = 0;

const user: UserRecord = {
  email: 'demo@example.com',
  username: 'followscope.demo',
  insta_id: '42',
  insta_image_url: '',
  is_subscribed: true,
  is_private: false,
  is_insight: true,
  chat_gpt_data: {
    summary: 'You gained 12 followers.',
    actionable_insights: 'Post at 18:00.\nAnswer comments.',
    source: { source: 'sample', at: AT },
  },
  total_followers: 1200,
  total_following: 300,
  new_followers: 12,
  followers_lost: 3,
  not_follows_back: 40,
  dont_follow_back: 5,
  profile_views_count: 9,
  mutual_followers: 250,
  post_count: 30,
  reel_count: 8,
  stories_count: 2,
  last_updated_at: '20-11-2026 10:42:00',
  latest_post_date_time: null,
  data_source: 'sample',
  data_at: AT,
  sources: [{ source: 'sample', at: AT }],
};

beforeEach(async () => {
  db = new FollowscopeDb(`followscope-export-test-${dbCount++}`);
  await db.user.put({ ...user, id: 'current', updatedAt: 1 });
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** A response whose body is these lines of JSON; `breakAfter` lines, then the connection drops. */
function ndjson(lines: unknown[], breakAfter?: number): Response {
  let next = 0;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (breakAfter !== undefined && next === breakAfter) return controller.error(new TypeError('network error'));
      const line = lines[next++];
      if (line === undefined) return controller.close();
      controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
}

/** A server holding `names` for every list; records the URLs asked for. */
function listServer(names: string[], options: { breakFirstAfter?: number } = {}) {
  const asked: string[] = [];
  const fetcher = async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    const from = Number(new URL(url, 'http://x').searchParams.get('from') ?? 0);
    const rest = names.slice(from);
    const batches: unknown[] = [];
    for (let i = 0; i < rest.length; i += 2) {
      batches.push(rest.slice(i, i + 2).map((name, k) => [String(from + i + k), name, `Name ${name}`]));
    }
    const lines = [
      { list: 'mutualFollowers', total: names.length, from, source: { source: 'sample', at: AT } },
      ...batches,
      { end: true, count: names.length },
    ];
    return ndjson(lines, asked.length === 1 ? options.breakFirstAfter : undefined);
  };
  return { asked, fetch: fetcher as typeof fetch };
}

function context(overrides: Partial<ExportContext> = {}): ExportContext {
  return {
    token: 'tok',
    headers: { 'accept-language': 'en' },
    locale: 'en',
    now: NOW,
    store: exportStore(db.name),
    fetch: (() => Promise.reject(new TypeError('offline'))) as typeof fetch,
    online: true,
    ...overrides,
  };
}

async function records(target: ReturnType<typeof blobTarget>): Promise<string[][]> {
  const blob = target.blob();
  if (!blob) throw new Error('no file');
  return parseCsv(csvText(new Uint8Array(await blob.arrayBuffer())));
}

describe('what the device saved', () => {
  it('reads nothing, and creates nothing, where the app never made its database', async () => {
    const store = exportStore('followscope-never-made');
    expect(await store.user()).toBeUndefined();
    expect(await store.listPages('newFollowers')).toEqual([]);
    expect(await store.sentiment()).toEqual([]);
    expect((await indexedDB.databases()).map((known) => known.name)).not.toContain('followscope-never-made');
  });
});

describe('a follower list as CSV', () => {
  it('streams the whole list from the server with localised headers, each row with its source and date', async () => {
    const server = listServer(['ana', 'bo, "the" one', 'çé', 'dan', 'eve']);
    const target = blobTarget('text/csv');
    const outcome = await exportList('mutualFollowers', target.stream, context({ fetch: server.fetch, locale: 'fr' }));
    expect(outcome).toEqual({
      kind: 'done',
      fileName: 'followscope-mutual-followers-2026-11-25.csv',
      rows: 5,
      offline: false,
      complete: true,
    });
    expect(server.asked).toEqual(['/api/v1/client/instagram/mutual/follower/export/?from=0']);
    const rows = await records(target);
    expect(rows[0]).toEqual(['Nom d’utilisateur', 'Nom complet', 'Source', 'Date']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['ana', 'bo, "the" one', 'çé', 'dan', 'eve']);
    expect(rows[2]).toEqual(['bo, "the" one', 'Name bo, "the" one', 'Réseau d’exemple (démo)', AT]);
  });

  it('resumes from the next row after the connection breaks mid-list, with no row twice', async () => {
    const names = Array.from({ length: 9 }, (_, i) => `user_${i}`);
    const server = listServer(names, { breakFirstAfter: 3 });
    const target = blobTarget('text/csv');
    const outcome = await exportList('mutualFollowers', target.stream, context({ fetch: server.fetch }));
    expect(outcome).toMatchObject({ kind: 'done', rows: 9, complete: true });
    // The head and two batches of two arrived before the break: the second request starts at row 4.
    expect(server.asked.map((url) => url.split('?')[1])).toEqual(['from=0', 'from=4']);
    expect((await records(target)).slice(1).map((row) => row[0])).toEqual(names);
  });

  it('offline, writes the pages this device saved and says so in the file name and a last row', async () => {
    await db.listPages.bulkPut([
      { list: 'newFollowers', page: 1, items: [item('ana'), item('bo')], hasMore: true, updatedAt: 1 },
      { list: 'newFollowers', page: 2, items: [item('cy')], hasMore: false, updatedAt: 1 },
      { list: 'followersLost', page: 1, items: [item('zed')], hasMore: false, updatedAt: 1 },
    ]);
    for (const offline of [context({ online: false }), context({ online: true })]) {
      const target = blobTarget('text/csv');
      const outcome = await exportList('newFollowers', target.stream, offline);
      expect(outcome).toMatchObject({
        kind: 'done',
        fileName: 'followscope-new-followers-2026-11-25-offline.csv',
        rows: 3,
      });
      const rows = await records(target);
      expect(rows.slice(1, 4)).toEqual([
        ['ana', 'Ana', 'Sample network (demo)', AT],
        ['bo', 'Bo', 'Sample network (demo)', AT],
        ['cy', 'Cy', 'Sample network (demo)', AT],
      ]);
      expect(rows[4]).toEqual(['Exported offline from what this device had saved: 3 rows of 12.']);
    }
  });

  it('fails with the server’s message when the server refuses, and writes no file', async () => {
    const refuse = (async () =>
      new Response(JSON.stringify({ message: 'Not subscribed' }), { status: 403 })) as typeof fetch;
    const target = blobTarget('text/csv');
    const outcome = await exportList('newFollowers', target.stream, context({ fetch: refuse }));
    expect(outcome).toEqual({ kind: 'failed', status: 403, message: 'Not subscribed' });
    expect(target.blob()).toBeUndefined();
  });
});

function item(name: string) {
  const full = name.charAt(0).toUpperCase() + name.slice(1);
  return { insta_id: name, insta_username: name, insta_full_name: full, insta_image_url: '' };
}

const metrics = {
  post_count: 12,
  post_videos_count: 4,
  post_images_count: 8,
  most_post_views: null,
  avg_post_views: null,
  most_post_likes: null,
  avg_post_likes: null,
  most_post_comments: null,
  avg_post_comments: null,
  last_post_days: 3,
  post_frequency: 1.5,
  daily_engagement: null,
  overall_avg_engagement: null,
  videos_avg_engagement: null,
  images_avg_engagement: null,
};

describe('post and reel analytics as CSV', () => {
  it('writes every metric, empty where the source cannot give it with the source that would', async () => {
    await db.postAnalysis.put({
      id: 'current',
      metrics,
      reel_metrics: { ...metrics, post_count: 0, last_post_days: -1 },
      updated_at: AT,
      source: { source: 'download', at: AT },
      unavailable: { needs: ['official'] },
      updatedAt: 1,
    });
    await db.postGroups.put({
      group: 'mostLiked',
      isReel: 0,
      post_count: 0,
      posts: [],
      unavailable: true,
      needs: ['official'],
      updatedAt: 1,
    });
    const target = blobTarget('text/csv');
    const outcome = await exportPostAnalytics(['posts'], target.stream, context({ locale: 'de' }));
    expect(outcome).toMatchObject({ kind: 'done', fileName: 'followscope-post-analytics-2026-11-25.csv', rows: 16 });
    const rows = await records(target);
    expect(rows[0]).toEqual(['Art', 'Bereich', 'Eintrag', 'Wert', 'Link', 'Quelle', 'Datum']);
    expect(rows[1]).toEqual(['Beiträge', 'Kennzahlen', 'Beiträge', '12', '', 'Dein Daten-Download', AT]);
    expect(rows.find((row) => row[2] === 'Meiste Likes')).toEqual([
      'Beiträge',
      'Kennzahlen',
      'Meiste Likes',
      '',
      '',
      'Noch nicht verfügbar: Offizielle API',
      '',
    ]);
    expect(rows[16]).toEqual(['Beiträge', 'Meiste Likes', '', '', '', 'Noch nicht verfügbar: Offizielle API', '']);

    // A reel kind with no reels: days since the last post is unavailable, not -1.
    const reels = blobTarget('text/csv');
    await exportPostAnalytics(['reels'], reels.stream, context());
    expect((await records(reels)).find((row) => row[2] === 'Days since the last post')?.[3]).toBe('');
  });

  it('ranks each group’s posts with their links, and says "nothing" when the device holds none', async () => {
    const empty = blobTarget('text/csv');
    expect(await exportPostAnalytics(['reels'], empty.stream, context())).toEqual({ kind: 'nothing' });
    await db.postGroups.put({
      group: 'mostCommented',
      isReel: 1,
      post_count: 2,
      posts: [post('REEL1', 40), post('REEL2', 12)],
      source: { source: 'official', at: AT },
      updatedAt: 1,
    });
    const target = blobTarget('text/csv');
    await exportPostAnalytics(['reels'], target.stream, context({ online: false }));
    const rows = await records(target);
    expect(rows.slice(1, 3)).toEqual([
      ['Reels', 'Most commented', 'REEL1', '40', 'https://www.instagram.com/p/REEL1/', 'Official API', AT],
      ['Reels', 'Most commented', 'REEL2', '12', 'https://www.instagram.com/p/REEL2/', 'Official API', AT],
    ]);
    expect(rows[3]?.[0]).toMatch(/^Exported offline/);
  });

  it('asks the server for the whole of a group post analytics saved in part, and says so when it cannot', async () => {
    await db.postGroups.put({
      group: 'mostLiked',
      isReel: 0,
      post_count: 4,
      posts: [post('P1', 9), post('P2', 8), post('P3', 7)],
      source: { source: 'sample', at: AT },
      complete: false,
      updatedAt: 1,
    });
    const asked: string[] = [];
    const whole = {
      status: true,
      data: {
        id: 'mostLiked',
        post_count: 4,
        posts: [post('P1', 9), post('P2', 8), post('P3', 7), post('P4', 2)],
        source: { source: 'sample', at: AT },
      },
    };
    const server = (async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(`${String(input)} ${new Headers(init?.headers).get('authorization')}`);
      return Response.json(whole);
    }) as typeof fetch;
    const target = blobTarget('text/csv');
    const outcome = await exportPostAnalytics(['posts'], target.stream, context({ fetch: server }));
    expect(asked).toEqual(['/api/v1/client/posts/mostLiked/false/ Bearer tok']);
    expect(outcome).toMatchObject({ kind: 'done', rows: 4, offline: false });
    expect((await records(target)).slice(1).map((row) => row[2])).toEqual(['P1', 'P2', 'P3', 'P4']);

    // The server unreachable: the 3 saved posts, in a file that says it holds what the device had saved.
    const saved = blobTarget('text/csv');
    const fallback = await exportPostAnalytics(['posts'], saved.stream, context());
    expect(fallback).toMatchObject({ kind: 'done', rows: 3, offline: true });
    const rows = await records(saved);
    expect(rows.slice(1, 4).map((row) => row[2])).toEqual(['P1', 'P2', 'P3']);
    expect(rows[4]?.[0]).toMatch(/^Exported offline from what this device had saved: 3 rows/);
  });
});

function post(code: string, value: number) {
  return {
    post_short_code: code,
    post_thumbnail: '',
    post_url: '',
    post_type: 'video' as const,
    child_posts: [],
    value,
  };
}

const accountDocument: AccountExport = {
  format: 'followscope-account-export',
  version: 1,
  exported_at: NOW.toISOString(),
  user: {
    email: 'demo@example.com',
    username: 'followscope.demo',
    insta_id: '42',
    insta_full_name: 'Demo',
    insta_image_url: '',
    is_subscribed: true,
    is_private: false,
    created_at: AT,
    counts: { total_followers: 1200 },
    last_updated_at: AT,
    latest_post_date_time: null,
    data_source: 'sample',
    data_at: AT,
    download_taken_at: null,
  },
  analyses: [
    {
      source: 'sample',
      status: 'complete',
      started_at: AT,
      finished_at: AT,
      snapshot: { taken_at: AT, followers: 1200, following: 300 },
      lists: { newFollowers: 12 },
    },
  ],
  follow_events_by_day: [{ day: '2026-11-20', kind: 'followed', count: 12 }],
  insight: null,
  payments: [{ date: AT, amount: 2.99, currency: 'USD', plan: 'Followscope Premium', status: 'paid' }],
  subscriptions: [],
  official: {
    status: 'none',
    username: null,
    connected_at: null,
    collected_at: null,
    token: null,
    days: [],
    media: [],
    account: null,
  },
  support_messages: [],
  story_watches: [],
  mail: [],
  source: { source: 'sample', at: AT },
};

async function zipEntries(blob: Blob): Promise<Map<string, string>> {
  const reader = new ZipReader(new BlobReader(blob));
  const entries = new Map<string, string>();
  for (const entry of await reader.getEntries()) {
    entries.set(entry.filename, await (entry as FileEntry).getData(new TextWriter()));
  }
  await reader.close();
  return entries;
}

describe('Export all my data', () => {
  it('zips the server’s document, its snapshots and payments, the eight lists, analytics and the insight', async () => {
    await db.sentiment.put({
      shortCode: 'POST1',
      updatedAt: 1,
      report: {
        status: true,
        total_comments: 10,
        average_words: 4,
        sentiment_score: 71,
        emotions: { Joy: 50, Sadness: 10, Angry: 5, Surprise: 20, Trust: 15 },
        most_positive_comment: 'Love it!',
        most_negative_comment: 'Meh, "fine"',
        keyword_extraction: ['sunset', 'beach'],
        sarcasm_detection: 0,
        languages: [{ language: 'en', percent: 100 }],
        distribution: { positive: 60, negative: 10, neutral: 30 },
        source: { source: 'sample', at: AT },
      },
    });
    const names = listServer(['ana', 'bo']);
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/client/account/export')
        ? Response.json(accountDocument)
        : names.fetch(input, init)) as typeof fetch;
    const target = blobTarget('application/zip');
    const outcome = await exportAccount(target.stream, context({ fetch: fetcher }));
    expect(outcome).toMatchObject({ kind: 'done', fileName: 'followscope-account-2026-11-25.zip', offline: false });
    const entries = await zipEntries(target.blob() as Blob);
    expect([...entries.keys()].sort()).toEqual(
      [
        'account.json',
        'snapshots.csv',
        'payments.csv',
        'lists/new-followers.csv',
        'lists/lost-followers.csv',
        'lists/not-following-back.csv',
        'lists/you-dont-follow-back.csv',
        'lists/profile-viewers.csv',
        'lists/mutual-followers.csv',
        'lists/pending-follow-requests.csv',
        'lists/recently-unfollowed-profiles.csv',
        'sentiment.csv',
        'insight.csv',
      ].sort(),
    );
    expect(JSON.parse(entries.get('account.json') ?? '')).toEqual(accountDocument);
    const csv = (name: string) => parseCsv((entries.get(name) ?? '').replace(/^\uFEFF/, ''));
    expect(csv('payments.csv')).toEqual([
      ['Date', 'Amount', 'Currency', 'Plan', 'Status'],
      [AT, '2.99', 'USD', 'Followscope Premium', 'paid'],
    ]);
    expect(csv('snapshots.csv')[1]).toEqual([AT, '1200', '300', 'Sample network (demo)']);
    expect(csv('lists/mutual-followers.csv').map((row) => row[0])).toEqual(['Username', 'ana', 'bo']);
    expect(csv('sentiment.csv')[1]?.slice(0, 4)).toEqual(['POST1', '10', '4', '71']);
    expect(csv('insight.csv')[1]).toEqual([
      'You gained 12 followers.',
      'Post at 18:00.\nAnswer comments.',
      'Sample network (demo)',
      AT,
    ]);
  });

  it('offline, zips what the device saved with a note, and names the file so', async () => {
    await db.listPages.put({ list: 'newFollowers', page: 1, items: [item('ana')], hasMore: false, updatedAt: 1 });
    await db.history.put({
      id: 'current',
      points: [{ at: AT, followers: 1200, following: 300, gained: 12, lost: 3, source: 'sample' }],
      updatedAt: 1,
    });
    const target = blobTarget('application/zip');
    const outcome = await exportAccount(target.stream, context({ online: false, locale: 'it' }));
    expect(outcome).toMatchObject({
      kind: 'done',
      fileName: 'followscope-account-2026-11-25-offline.zip',
      offline: true,
    });
    const entries = await zipEntries(target.blob() as Blob);
    expect(entries.has('account.json')).toBe(false);
    expect(entries.get('NOTE.txt')).toMatch(/^Esportato offline/);
    const list = parseCsv((entries.get('lists/new-followers.csv') ?? '').replace(/^\uFEFF/, ''));
    expect(list.slice(0, 2)).toEqual([
      ['Nome utente', 'Nome completo', 'Fonte', 'Data'],
      ['ana', 'Ana', 'Rete di esempio (demo)', AT],
    ]);
    expect(parseCsv((entries.get('follower-history.csv') ?? '').replace(/^\uFEFF/, ''))[1]).toEqual([
      AT,
      '1200',
      '300',
      '12',
      '3',
      '',
      'Rete di esempio (demo)',
    ]);
  });
});

// Every schema upgrade starts from the previous version's data and keeps it.
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { FollowscopeDb } from './schema.ts';

/** Each version's stores exactly as they shipped (never edited, like src/db/schema.ts). */
const shipped: Array<Record<string, string>> = [
  {
    login: 'id',
    user: 'id',
    listPages: '[list+page], updatedAt',
    postGroups: '[group+isReel], updatedAt',
    stories: 'id, position, updatedAt',
    outbox: '++seq, &key, createdAt',
  },
  { userData: 'id', cmsPages: '[name+locale], updatedAt' },
  { postAnalysis: 'id', sentiment: 'shortCode, updatedAt', history: 'id' },
  { storyPaging: 'id' },
  { planDetails: 'id' },
  { bestTime: 'id' },
];

/** The version the app opens at now. */
const LATEST = 8;

/** A database at version `version` as that version shipped. */
function asShipped(name: string, version: number): Dexie {
  const db = new Dexie(name);
  for (const [index, stores] of shipped.slice(0, version).entries()) db.version(index + 1).stores(stores);
  return db;
}

describe('Dexie schema upgrades', () => {
  it('v1 → v2 keeps the login, the user record, list pages and the outbox', async () => {
    const name = 'followscope-upgrade-test';
    const v1 = asShipped(name, 1);
    await v1.table('login').put({ id: 'current', token: 't', email: 'a@b.co', username: 'ana', is_subscribed: true });
    await v1.table('listPages').put({ list: 'newFollowers', page: 1, items: [{ insta_id: '1' }], updatedAt: 1 });
    await v1
      .table('outbox')
      .add({ key: 'k1', method: 'POST', path: 'client/support/query/', createdAt: 1, attempts: 0 });
    v1.close();

    const v2 = new FollowscopeDb(name);
    await v2.open();
    expect(v2.verno).toBe(LATEST);
    expect(await v2.login.get('current')).toMatchObject({ token: 't', username: 'ana' });
    expect((await v2.listPages.get(['newFollowers', 1]))?.items).toEqual([{ insta_id: '1' }]);
    expect((await v2.outbox.toArray()).map((row) => row.key)).toEqual(['k1']);
    await v2.userData.put({ id: 'current', token: 'r', email: 'a@b.co', username: 'ana', updatedAt: 2 });
    expect(await v2.userData.count()).toBe(1);
    v2.close();
    await Dexie.delete(name);
  });

  it('v3 → v5 keeps cached stories and analytics, and adds the stories paging and the plan details', async () => {
    const name = 'followscope-upgrade-test-4';
    const v3 = asShipped(name, 3);
    await v3.table('stories').put({ id: '7', position: 0, user: { id: '7', username: 'ana' }, updatedAt: 1 });
    await v3.table('history').put({ id: 'current', points: [], updatedAt: 1 });
    v3.close();

    const v4 = new FollowscopeDb(name);
    await v4.open();
    expect(v4.verno).toBe(LATEST);
    expect(await v4.stories.get('7')).toMatchObject({ position: 0 });
    expect(await v4.history.count()).toBe(1);
    await v4.storyPaging.put({ id: 'current', nextId: '', pages: 1, updatedAt: 2 });
    // Version 5 adds the plan details next to what was there.
    await v4.planDetails.put({ id: 'current', name: 'Premium', status: 'active', updatedAt: 2 });
    expect(await v4.planDetails.count()).toBe(1);
    expect(await v4.storyPaging.get('current')).toMatchObject({ nextId: '' });
    v4.close();
    await Dexie.delete(name);
  });

  it('v2 → v3 keeps cached post groups and the renewal token, and adds the analytics tables', async () => {
    const name = 'followscope-upgrade-test-3';
    const v2 = asShipped(name, 2);
    await v2.table('postGroups').put({ group: 'mostLiked', isReel: 0, post_count: 1, posts: [], updatedAt: 1 });
    await v2.table('userData').put({ id: 'current', token: 'r', email: 'a@b.co', username: 'ana', updatedAt: 2 });
    v2.close();

    const v3 = new FollowscopeDb(name);
    await v3.open();
    expect(v3.verno).toBe(LATEST);
    expect(await v3.postGroups.get(['mostLiked', 0])).toMatchObject({ post_count: 1 });
    expect(await v3.userData.get('current')).toMatchObject({ token: 'r' });
    await v3.history.put({ id: 'current', points: [], updatedAt: 3 });
    expect(await v3.history.count()).toBe(1);
    v3.close();
    await Dexie.delete(name);
  });

  it('v6 → v8 keeps the stories list, its paging and the outbox, and adds the watched story users', async () => {
    const name = 'followscope-upgrade-test-8';
    const v6 = asShipped(name, 6);
    await v6
      .table('stories')
      .put({ id: '7', position: 0, user: { id: '7', username: 'ana', items: [] }, updatedAt: 1 });
    await v6.table('storyPaging').put({ id: 'current', nextId: '12', pages: 2, updatedAt: 1 });
    await v6
      .table('outbox')
      .add({ key: 'k8', method: 'POST', path: 'client/support/query/', createdAt: 1, attempts: 0 });
    await v6.table('bestTime').put({ id: 'current', answer: {}, updatedAt: 1 });
    v6.close();

    const v8 = new FollowscopeDb(name);
    await v8.open();
    expect(v8.verno).toBe(LATEST);
    expect(await v8.stories.get('7')).toMatchObject({ position: 0, user: { username: 'ana' } });
    expect(await v8.storyPaging.get('current')).toMatchObject({ nextId: '12', pages: 2 });
    expect((await v8.outbox.toArray()).map((row) => row.key)).toEqual(['k8']);
    expect(await v8.bestTime.count()).toBe(1);
    await v8.storyWatches.put({ id: '7', seenUntil: 1_000, updatedAt: 2 });
    expect(await v8.storyWatches.where('updatedAt').above(1).count()).toBe(1);
    v8.close();
    await Dexie.delete(name);
  });

  it('v6 → v7 keeps the login, the outbox and best time, and adds the downloads waiting to be sent', async () => {
    const name = 'followscope-upgrade-test-7';
    const v6 = asShipped(name, 6);
    await v6.table('login').put({ id: 'current', token: 't', email: 'a@b.co', username: 'ana', is_subscribed: true });
    await v6
      .table('outbox')
      .add({ key: 'k1', method: 'POST', path: 'client/support/query/', createdAt: 1, attempts: 0 });
    await v6.table('bestTime').put({ id: 'current', answer: { kind: 'none' }, updatedAt: 1 });
    v6.close();

    const v7 = new FollowscopeDb(name);
    await v7.open();
    expect(v7.verno).toBe(LATEST);
    expect(await v7.login.get('current')).toMatchObject({ token: 't' });
    expect((await v7.outbox.toArray()).map((row) => row.key)).toEqual(['k1']);
    expect(await v7.bestTime.count()).toBe(1);
    const chunk = new Uint8Array([1, 2, 3]);
    await v7.pendingImports.put({
      key: 'import-1',
      label: 'instagram-ana.zip',
      prepared: {
        meta: {
          digest: 'a'.repeat(64),
          owner: 'ana',
          writtenAt: null,
          followers: { count: 1, chunks: 1 },
          following: { count: 0, chunks: 1 },
          firstFollowAt: null,
          lastFollowAt: null,
          posts: [],
        },
        chunks: { followers: [chunk], following: [chunk.subarray(1)] },
      },
      createdAt: 2,
    });
    const kept = await v7.pendingImports.get('import-1');
    expect([...(kept?.prepared.chunks.followers[0] ?? [])]).toEqual([1, 2, 3]);
    v7.close();
    await Dexie.delete(name);
  });
});

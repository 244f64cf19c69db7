import { beforeEach, describe, expect, it } from 'vitest';
import { db } from './db.ts';
import { clearAllLocalData, type Login, readLogin, writeLogin } from './login.ts';
import { enqueue, pending, recordAttempt, settle } from './outbox.ts';
import { writeUserRecord } from './user.ts';

const login: Login = {
  token: 'tok',
  email: 'ana@example.com',
  username: 'ana',
  insta_full_name: 'Ana Lima',
  is_subscribed: true,
};

beforeEach(async () => {
  await clearAllLocalData();
});

describe('Dexie schema', () => {
  it('has a table for each cached thing', () => {
    expect(db.tables.map((table) => table.name).sort()).toEqual(
      [
        'bestTime',
        'cmsPages',
        'history',
        'listPages',
        'login',
        'outbox',
        'pendingImports',
        'planDetails',
        'postAnalysis',
        'postGroups',
        'sentiment',
        'stories',
        'storyPaging',
        'storyWatches',
        'user',
        'userData',
      ].sort(),
    );
    expect(db.verno).toBe(8);
  });

  it('stores one login and reads it back', async () => {
    expect(await readLogin()).toBeUndefined();
    await writeLogin(login);
    await writeLogin({ ...login, username: 'ana2' });
    expect(await readLogin()).toEqual({ ...login, username: 'ana2' });
    expect(await db.login.count()).toBe(1);
  });

  it('stores the user record as one row, with its 64-bit id as a string', async () => {
    const record = {
      email: 'ana@example.com',
      username: 'ana',
      insta_id: '18446744073709551615',
      insta_image_url: '',
      is_subscribed: true,
      is_private: false,
      is_insight: false,
      chat_gpt_data: null,
      total_followers: 1200,
      total_following: 300,
      new_followers: 0,
      followers_lost: 0,
      not_follows_back: 0,
      dont_follow_back: 0,
      profile_views_count: 0,
      mutual_followers: 0,
      post_count: 0,
      reel_count: 0,
      stories_count: 0,
      last_updated_at: null,
      latest_post_date_time: null,
    };
    await writeUserRecord(record, 5);
    await writeUserRecord({ ...record, total_followers: 1201 }, 6);
    expect(await db.user.toArray()).toEqual([
      { ...record, total_followers: 1201, id: 'current', invalidUsernameMessage: undefined, updatedAt: 6 },
    ]);

    // The same record again is not written (issue 31: each write renders the account's parts again).
    let writes = 0;
    const counting = () => {
      writes++;
    };
    db.user.hook('creating', counting);
    db.user.hook('updating', counting);
    try {
      await writeUserRecord({ ...record, total_followers: 1201 }, 7);
      expect(writes).toBe(0);
      expect((await db.user.get('current'))?.updatedAt).toBe(6);
      await writeUserRecord({ ...record, total_followers: 1201 }, 8, 'That username does not exist.');
      expect(writes).toBe(1);
      expect(await db.user.get('current')).toMatchObject({ invalidUsernameMessage: 'That username does not exist.' });
    } finally {
      db.user.hook('creating').unsubscribe(counting);
      db.user.hook('updating').unsubscribe(counting);
    }
  });

  it('keeps list pages by list and page, ordered by their update time', async () => {
    await db.listPages.bulkPut([
      { list: 'newFollowers', page: 2, items: [], hasMore: false, updatedAt: 20 },
      { list: 'newFollowers', page: 1, items: [], hasMore: true, updatedAt: 10 },
      { list: 'followersLost', page: 1, items: [], hasMore: false, updatedAt: 30 },
    ]);
    expect((await db.listPages.get(['newFollowers', 1]))?.hasMore).toBe(true);
    // Eviction is a range delete over updatedAt.
    await db.listPages.where('updatedAt').below(15).delete();
    expect(await db.listPages.count()).toBe(2);
  });

  it('queues a request once per idempotency key, oldest first', async () => {
    await enqueue({ key: 'k2', method: 'POST', path: 'client/support/query/', body: { query: 'b' } }, 2);
    await enqueue({ key: 'k1', method: 'POST', path: 'client/support/query/', body: { query: 'a' } }, 1);
    await enqueue({ key: 'k1', method: 'POST', path: 'client/support/query/', body: { query: 'a' } }, 3);
    expect((await pending()).map((row) => row.key)).toEqual(['k1', 'k2']);
    await recordAttempt('k1');
    expect((await pending())[0]?.attempts).toBe(1);
    await settle('k1');
    expect((await pending()).map((row) => row.key)).toEqual(['k2']);
  });

  it('clears every table on logout', async () => {
    await writeLogin(login);
    await enqueue({ key: 'k', method: 'POST', path: 'p/' });
    await clearAllLocalData();
    for (const table of db.tables) expect(await table.count()).toBe(0);
  });
});

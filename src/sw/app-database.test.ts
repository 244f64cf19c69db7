// The service worker reads the app's database without Dexie (issue 33): the login's token, and the
// user record it refreshes, only for the same account and source (a change of source is the app's to
// handle, as it forgets screens cached from the old one).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FollowscopeDb } from '../db/schema.ts';
import { refreshStoredUser, storedToken } from './app-database.ts';

let db: FollowscopeDb;
beforeEach(async () => {
  db = new FollowscopeDb('followscope');
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const record = { username: 'ana', data_source: 'sample', total_followers: 10, new_followers: 1 };

it('reads the login and refreshes the same account’s figures from the same source', async () => {
  expect(await storedToken()).toBeUndefined();
  await db.login.put({
    id: 'current',
    token: 'tok',
    email: 'ana@example.com',
    username: 'ana',
    insta_full_name: '',
    is_subscribed: true,
    updatedAt: 1,
  });
  expect(await storedToken()).toBe('tok');
  // Nothing stored yet: the app writes the first record itself.
  expect(await refreshStoredUser(record, 5)).toBe(false);
  await db.user.put({ ...record, id: 'current', invalidUsernameMessage: 'kept', updatedAt: 1 } as never);
  expect(await refreshStoredUser({ ...record, total_followers: 12, new_followers: 3 }, 5)).toBe(true);
  expect(await db.user.get('current')).toMatchObject({
    total_followers: 12,
    new_followers: 3,
    invalidUsernameMessage: 'kept',
    updatedAt: 5,
  });
  expect(await refreshStoredUser({ ...record, data_source: 'download', total_followers: 99 }, 6)).toBe(false);
  expect(await refreshStoredUser({ ...record, username: 'bob', total_followers: 99 }, 6)).toBe(false);
  expect((await db.user.get('current'))?.total_followers).toBe(12);
});

it('never creates the database itself', async () => {
  db.close();
  await db.delete();
  expect(await storedToken()).toBeUndefined();
  expect((await indexedDB.databases()).map((found) => found.name)).not.toContain('followscope');
});

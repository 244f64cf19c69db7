import { describe, expect, it } from 'vitest';
import { db } from '../db/db.ts';
import { writeListPage } from '../db/lists.ts';
import { writeLogin } from '../db/login.ts';
import { emptyCaches, writeWithRoom } from './storage.ts';

const quotaError = () => Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });

describe('writeWithRoom', () => {
  it('on a quota error frees cached media first, keeps the login and results, and writes again', async () => {
    await writeLogin({ token: 't', email: 'a@b.co', username: 'ana', insta_full_name: 'Ana', is_subscribed: true });
    await writeListPage('newFollowers', 1, [], false);
    await db.sentiment.put({ shortCode: 'x', report: {} as never, updatedAt: 1 });
    await db.stories.put({ id: '1', position: 0, user: {} as never, updatedAt: 1 });
    let tries = 0;
    const result = await writeWithRoom(async () => {
      tries++;
      if (tries === 1) throw quotaError();
      return 'written';
    });
    expect(result).toBe('written');
    expect(tries).toBe(2);
    expect(await db.sentiment.count()).toBe(0);
    expect(await db.stories.count()).toBe(0);
    expect(await db.login.count()).toBe(1);
    expect(await db.listPages.count()).toBe(1);
  });

  it('passes other errors on untouched, and a second quota error too', async () => {
    await expect(writeWithRoom(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(writeWithRoom(() => Promise.reject(quotaError()))).rejects.toThrow(/quota/);
  });

  it('recognises a quota error Dexie wraps', async () => {
    let tries = 0;
    const wrapped = Object.assign(new Error('wrapped'), { name: 'AbortError', inner: quotaError() });
    await writeWithRoom(async () => {
      if (tries++ === 0) throw wrapped;
    });
    expect(tries).toBe(2);
  });
});

/** Opens a database as the page would, resolving when open. */
function open(name: string, upgrade?: (database: IDBDatabase) => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, upgrade ? 1 : undefined);
    if (upgrade) request.onupgradeneeded = () => upgrade(request.result);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

describe('emptyCaches (issue 20: the account is deleted)', () => {
  it('empties Workbox’s record of the cached media, and creates no database that was not there', async () => {
    const expiration = await open('workbox-expiration', (database) => {
      database.createObjectStore('cache-entries', { keyPath: 'id' }).put({ id: 'followscope-media|/api/v1/proxy?a' });
    });
    expiration.close();
    await emptyCaches();
    const after = await open('workbox-expiration');
    const count = await new Promise<number>((resolve) => {
      const request = after.transaction('cache-entries').objectStore('cache-entries').count();
      request.onsuccess = () => resolve(request.result);
    });
    after.close();
    expect(count).toBe(0);
    indexedDB.deleteDatabase('workbox-expiration');
    await emptyCaches();
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain('workbox-expiration');
  });
});

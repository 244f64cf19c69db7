import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllLocalData, type Login, readLogin, writeLogin } from '../db/login.ts';
import { currentToken, forgetLogin, getSession, loadSession, resetSessionForTests, saveLogin } from './session.ts';

const login: Login = { token: 'tok', email: 'a@b.co', username: 'ana', insta_full_name: 'Ana', is_subscribed: false };
const storage = new Map<string, string>();

beforeEach(async () => {
  storage.clear();
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
  });
  await clearAllLocalData();
  resetSessionForTests();
});

describe('session', () => {
  it('is unknown until the stored login is read, then follows it', async () => {
    await writeLogin(login);
    const session = await loadSession();
    expect(session.auth).toEqual({ token: true, subscribed: false });
    expect(await currentToken()).toBe('tok');
  });

  it('leaves a hint that lets the next start apply the guards before reading the database', async () => {
    await saveLogin({ ...login, is_subscribed: true });
    expect(await readLogin()).toMatchObject({ is_subscribed: true });
    expect(storage.get('followscope.session')).toBe('{"subscribed":true}');
    resetSessionForTests();
    expect(getSession()).toMatchObject({ auth: { token: true, subscribed: true }, loaded: false });
    expect(await currentToken()).toBe('tok');
  });

  it('drops a stale hint when the database holds no login', async () => {
    storage.set('followscope.session', '{"subscribed":true}');
    resetSessionForTests();
    const session = await loadSession();
    expect(session.auth).toEqual({ token: false, subscribed: false });
    expect(storage.has('followscope.session')).toBe(false);
  });

  it('forgets the login and the hint', async () => {
    await saveLogin(login);
    await forgetLogin();
    expect(await readLogin()).toBeUndefined();
    expect(await currentToken()).toBeUndefined();
    expect(storage.has('followscope.session')).toBe(false);
  });

  describe('on a first visit (issue 52)', () => {
    afterEach(() => vi.restoreAllMocks());

    it('reads no database when the browser lists none of ours', async () => {
      await writeLogin(login);
      const listed = vi.spyOn(indexedDB, 'databases').mockResolvedValue([{ name: 'another-app', version: 1 }]);
      const session = await loadSession();
      expect(listed).toHaveBeenCalled();
      // The login written above is never read: the database code was not asked.
      expect(session.auth).toEqual({ token: false, subscribed: false });
    });

    it('reads the stored login when ours is listed, or when the browser lists nothing', async () => {
      await writeLogin(login);
      vi.spyOn(indexedDB, 'databases').mockResolvedValue([{ name: 'followscope', version: 10 }]);
      expect((await loadSession()).auth).toEqual({ token: true, subscribed: false });
      resetSessionForTests();
      vi.spyOn(indexedDB, 'databases').mockRejectedValue(new Error('not in this browser'));
      expect((await loadSession()).auth).toEqual({ token: true, subscribed: false });
    });
  });
});

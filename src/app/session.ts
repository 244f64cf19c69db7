// The login as the app sees it. Dexie holds the login (the record of truth); a one-line hint in
// localStorage lets the first paint apply the guards without loading the database. The hint
// never carries the token, and the stored login corrects it as soon as it is read.
import type { Login } from '../db/login.ts';
import { DATABASE_NAME } from '../db/name.ts';
import type { Auth } from './guards.ts';
import { createStore } from './store.ts';

const HINT_KEY = 'followscope.session';

export interface Session {
  /** undefined until the stored login has been read and no hint says otherwise. */
  auth: Auth | undefined;
  login: Login | undefined;
  loaded: boolean;
}

const session = createStore<Session>({ auth: readHint(), login: undefined, loaded: false });
let loading: Promise<Session> | undefined;

function readHint(): Auth | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(HINT_KEY);
    if (!raw) return undefined;
    const hint = JSON.parse(raw) as { subscribed?: unknown };
    return { token: true, subscribed: hint.subscribed === true };
  } catch {
    return undefined;
  }
}

function writeHint(login: Login | undefined): void {
  try {
    if (login) globalThis.localStorage?.setItem(HINT_KEY, JSON.stringify({ subscribed: login.is_subscribed }));
    else globalThis.localStorage?.removeItem(HINT_KEY);
  } catch {
    // Storage may be full or blocked; the stored login in Dexie still decides.
  }
}

function publish(login: Login | undefined): Session {
  writeHint(login);
  session.set({ auth: { token: Boolean(login), subscribed: login?.is_subscribed ?? false }, login, loaded: true });
  return session.get();
}

/**
 * Whether this browser may hold a stored login: no only when the browser lists its databases and ours is
 * not among them (a first visit). Then the database code is not loaded at all (issue 52: a visitor's `/`
 * fetched Dexie and the wire schemas, 47 of its 141 kB). Where the list is not given, the login is read.
 */
async function mayHoldLogin(): Promise<boolean> {
  try {
    const listed = await globalThis.indexedDB?.databases?.();
    return !listed || listed.some((database) => database.name === DATABASE_NAME);
  } catch {
    return true;
  }
}

/** Reads the stored login once; later calls share the same read. */
export function loadSession(): Promise<Session> {
  loading ??= mayHoldLogin()
    .then(async (may) => (may ? (await import('../db/login.ts')).readLogin() : undefined))
    .then(publish, () => publish(undefined));
  return loading;
}

/** Stores a new login (after the code is validated or a renewal) and applies it. */
export async function saveLogin(login: Login): Promise<void> {
  const { writeLogin } = await import('../db/login.ts');
  await writeLogin(login);
  loading = Promise.resolve(publish(login));
}

/** Forgets the login and everything cached with it (spec §4 Logout, Unauthorized). */
export async function forgetLogin(): Promise<void> {
  const { clearAllLocalData } = await import('../db/login.ts');
  await clearAllLocalData().catch(() => undefined);
  loading = Promise.resolve(publish(undefined));
}

/**
 * Empties this device after the account was deleted (issue 20): the database is deleted, Cache Storage
 * emptied (see emptyCaches) and local storage cleared; the service worker stays registered.
 */
export async function forgetDevice(): Promise<void> {
  const [{ deleteLocalDatabase }, { emptyCaches }, { forgetPhoneFeatures }] = await Promise.all([
    import('../db/login.ts'),
    import('./storage.ts'),
    import('./phone.ts'),
  ]);
  await forgetPhoneFeatures();
  await Promise.all([deleteLocalDatabase().catch(() => undefined), emptyCaches()]);
  try {
    localStorage.clear();
  } catch {
    // Blocked storage holds nothing to clear.
  }
  loading = Promise.resolve(publish(undefined));
}

/** The token for authenticated calls, once the stored login is read. */
export async function currentToken(): Promise<string | undefined> {
  return (await loadSession()).login?.token;
}

/** The session as it stands now. */
export function getSession(): Session {
  return session.get();
}

/** The session, live. */
export function useSession(): Session {
  return session.use();
}

/** For tests: start over as if the page had just loaded. */
export function resetSessionForTests(): void {
  session.set({ auth: readHint(), login: undefined, loaded: false });
  loading = undefined;
}

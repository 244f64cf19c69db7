// Actions the screens start: the network first where it matters, then the local database.
import { msg } from '@lingui/core/macro';
import type { LoginResponse } from '../../common/schema/account.ts';
import { type UserRecord, userRecordSchema } from '../../common/schema/user.ts';
import { fetchUserDetail } from '../api/account.ts';
import { call } from '../api/client.ts';
import { i18n } from '../i18n/index.ts';
import { clearKeepingOfferClock } from './offer-clock.ts';
import { forgetLogin, getSession, saveLogin } from './session.ts';
import { showToast } from './toast.tsx';
import { codeSentAt, loginEmail } from './visitor.ts';

/** spec §4 Logout: tells the server, clears all local storage, goes to the welcome card. */
export async function logout(navigate: (to: string) => void): Promise<void> {
  // Logging out must work offline and on a stalled connection, so the server gets 3 s at most.
  await call('client/logout/', { auth: true, signal: AbortSignal.timeout(3000) });
  // Issue 33: no more notifications, badge or daily refresh for this account here.
  await import('./phone.ts').then((phone) => phone.forgetPhoneFeatures());
  await forgetLogin();
  try {
    // The offer's deadline is the device's, not the login's (issue 51): logging out does not restart it.
    clearKeepingOfferClock(() => localStorage.clear());
  } catch {
    // Blocked storage holds nothing to clear.
  }
  navigate('/');
}

/**
 * spec §4 Subscription, after the code: a subscriber's login is stored (then home); an expired
 * user's is not, and the caller opens the Activate / Cancel drawer.
 */
export async function completeLogin(response: LoginResponse): Promise<'subscribed' | 'expired'> {
  loginEmail.set(undefined);
  codeSentAt.set(undefined);
  if (!response.user.is_subscribed) return 'expired';
  const { user, token } = response;
  await saveLogin({
    token,
    email: user.email,
    username: user.username,
    insta_full_name: user.insta_full_name ?? '',
    is_subscribed: true,
  });
  const { writeUserRecord } = await import('../db/user.ts');
  await writeUserRecord(user);
  return 'subscribed';
}

/** The drawer's Activate: keep the token as userData for the renewal (spec §3), go to the offer. */
export async function activateRenewal(response: LoginResponse, navigate: (to: string) => void): Promise<void> {
  const { writeUserData } = await import('../db/user-data.ts');
  await writeUserData({ token: response.token, email: response.user.email, username: response.user.username });
  navigate('/paymentplan');
}

/** The drawer's Cancel: clear the user data, back to the welcome card. */
export async function cancelExpired(navigate: (to: string) => void): Promise<void> {
  const { clearUserData } = await import('../db/user-data.ts');
  await clearUserData();
  navigate('/');
}

/**
 * Re-reads the user record into Dexie. A 400 keeps the record with its invalid-username message
 * (spec §8); a lapsed subscription updates the login so the guards follow.
 */
export async function refreshUserDetail(signal?: AbortSignal): Promise<void> {
  const result = await fetchUserDetail(signal);
  const { writeUserRecord } = await import('../db/user.ts');
  if (result.ok) {
    await writeUserRecord(result.data.user);
    const login = getSession().login;
    if (login && login.is_subscribed !== result.data.user.is_subscribed) {
      await saveLogin({ ...login, is_subscribed: result.data.user.is_subscribed });
    }
    return;
  }
  const body = result.error.body as { user?: unknown } | undefined;
  const user = userRecordSchema.safeParse(body?.user);
  if (result.error.status === 400 && user.success) await writeUserRecord(user.data, Date.now(), result.error.message);
  else if (result.error.kind !== 'aborted') showToast(result.error.message);
}

/** What Clear Data does on this device once the server has cleared the account. */
async function afterClear(): Promise<void> {
  const [{ clearListPages }, { clearAnalytics }] = await Promise.all([
    import('../db/lists.ts'),
    import('../db/posts.ts'),
  ]);
  await Promise.all([clearListPages(), clearAnalytics()]);
  await refreshUserDetail();
}

/**
 * spec §4 Clear Data: resets the collected data, re-reads the user, shows the server's message, goes
 * home. Offline (or when the request dies on the way), it is queued and done when the connection
 * returns (issue 8).
 */
export async function clearData(navigate: (to: string) => void): Promise<void> {
  const { CLEAR_DATA_PATH, onSent, sendOrQueue } = await import('./outbox.ts');
  onSent(CLEAR_DATA_PATH, afterClear);
  const outcome = await sendOrQueue({ method: 'GET', path: CLEAR_DATA_PATH });
  if (outcome.kind === 'sent') {
    await afterClear();
    showToast(outcome.message, { kind: 'info' });
  } else if (outcome.kind === 'queued') {
    showToast(i18n._(msg`You are offline. Your data will be cleared as soon as you are back online.`), {
      kind: 'info',
    });
  } else {
    showToast(outcome.error.message);
  }
  navigate('/home');
}

/** After a renewal (spec §4): the expired user is logged in, marked subscribed, and the userData goes. */
export async function completeRenewal(
  renewal: { token: string; email: string; username: string },
  user: UserRecord,
): Promise<void> {
  await saveLogin({
    token: renewal.token,
    email: user.email,
    username: user.username,
    insta_full_name: user.insta_full_name ?? '',
    is_subscribed: true,
  });
  const [{ writeUserRecord }, { clearUserData }] = await Promise.all([
    import('../db/user.ts'),
    import('../db/user-data.ts'),
  ]);
  await writeUserRecord(user);
  await clearUserData();
}

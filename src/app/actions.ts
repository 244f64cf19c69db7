// Actions the shell starts: network first where it matters, then local state.
import { call } from '../api/client.ts';
import { forgetLogin } from './session.ts';
import { showToast } from './toast.tsx';

/** spec §4 Logout: tells the server, clears all local storage, goes to the welcome card. */
export async function logout(navigate: (to: string) => void): Promise<void> {
  // Logging out must work offline and on a stalled connection, so the server gets 3 s at most.
  await call('client/logout/', { auth: true, signal: AbortSignal.timeout(3000) });
  await forgetLogin();
  try {
    localStorage.clear();
  } catch {
    // Blocked storage holds nothing to clear.
  }
  navigate('/');
}

/** spec §4 Clear Data: resets the account's collected data, shows the server's message, goes home. */
export async function clearData(navigate: (to: string) => void): Promise<void> {
  const result = await call<{ message?: string }>('client/insta/clear/data', { auth: true });
  if (result.ok) {
    if (result.data.message) showToast(result.data.message, { kind: 'info' });
  } else {
    showToast(result.error.message);
  }
  navigate('/home');
}

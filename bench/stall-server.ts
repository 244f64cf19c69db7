// What the stall benches share (export_stall, route_stall): the embedded server as `npm start` runs it,
// with the sample network at full speed and login limits that never bite, and analysed accounts on it.
import { startServer } from '../tests/e2e/server.ts';
import { fetchAnalysis, loginByCode, postJson } from '../tests/support/api.ts';

/** The server a stall bench measures: API only, the sample network unthrottled, logins unlimited. */
export const startStallServer = () =>
  startServer({
    SERVE_APP: 'false',
    SOURCE_PAGES_PER_SECOND: '1000000000',
    LIMIT_CODE_CHECKS_PER_IP: '100000',
    LIMIT_CODE_SENDS_PER_IP: '100000',
  });

/** A subscribed account of the sample network's `username`, logged in and analysed: its token and list size. */
export async function analysedAccount(origin: string, email: string, username: string) {
  await postJson(origin, '/dev/users', { email, username, is_subscribed: true });
  const { token } = await loginByCode(origin, email);
  const analysed = await fetchAnalysis(`${origin}/api/v1/client/insta/start/analysis/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!analysed.ok) throw new Error(`analysis answered ${analysed.status}`);
  const { user } = (await analysed.json()) as { user: { dont_follow_back: number } };
  return { token, names: user.dont_follow_back };
}

// An account's figures as its dashboard and lists show them, read from a started server, and the
// sample network's truth to compare them with: what the fault tests and benches (issue 35) check after a
// crash, a restart or a full disk.
import { fetchAnalysis, getJson, loginByCode, postJson } from './api.ts';

/** Makes a subscribed account of `username` and logs it in: its token. */
export async function subscriber(origin: string, email: string, username: string): Promise<string> {
  const made = await postJson(origin, '/dev/users', { email, username, is_subscribed: true });
  if (!made.ok) throw new Error(`making ${email} answered ${made.status}`);
  return (await loginByCode(origin, email)).token;
}

/** The account's figures, and the lengths of the lists they count (a half-written commit would split them). */
export interface Figures {
  total_followers: number;
  total_following: number;
  new_followers: number;
  followers_lost: number;
  new_followers_list: number;
  followers_lost_list: number;
}

const listLength = async (origin: string, token: string, path: string) => {
  const answer = await fetch(`${origin}/api/v1/client/instagram/${path}/15/?page=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`the list ${path} answered ${answer.status}`);
  return Number(answer.headers.get('x-total-count'));
};

/** What the account's dashboard and its new and lost lists show now. */
export async function figuresOf(origin: string, token: string): Promise<Figures> {
  const answer = await postJson(origin, '/api/v1/client/user/detail/', {}, { authorization: `Bearer ${token}` });
  if (!answer.ok) throw new Error(`user detail answered ${answer.status}`);
  const { user } = (await answer.json()) as { user: Record<string, number> };
  return {
    total_followers: Number(user.total_followers),
    total_following: Number(user.total_following),
    new_followers: Number(user.new_followers),
    followers_lost: Number(user.followers_lost),
    new_followers_list: await listLength(origin, token, 'new/followers'),
    followers_lost_list: await listLength(origin, token, 'follower/lost'),
  };
}

/** The same six numbers. */
export const sameFigures = (a: Figures, b: Figures) =>
  (Object.keys(a) as Array<keyof Figures>).every((key) => a[key] === b[key]);

/** Which whole state `seen` is: the previous complete analysis, the new one, or neither (half committed). */
export function wholeState(seen: Figures, previous: Figures, next: Figures): 'previous' | 'new' | 'neither' {
  if (sameFigures(seen, previous)) return 'previous';
  return sameFigures(seen, next) ? 'new' : 'neither';
}

/** The figures the sample network gives `username` at `to`, with the new and lost since `from` (none: a first analysis). */
export async function truthOf(origin: string, username: string, to: string, from?: string): Promise<Figures> {
  const account = await getJson<{ followerCount: number; followingCount: number }>(
    origin,
    `/dev/source/account?username=${username}`,
  );
  const changed = from
    ? await getJson<{ followed: string[]; unfollowed: string[] }>(
        origin,
        `/dev/source/truth?username=${username}&from=${from}&to=${to}`,
      )
    : { followed: [], unfollowed: [] };
  return {
    total_followers: account.followerCount,
    total_following: account.followingCount,
    new_followers: changed.followed.length,
    followers_lost: changed.unfollowed.length,
    new_followers_list: changed.followed.length,
    followers_lost_list: changed.unfollowed.length,
  };
}

/** Starts the account's analysis: resolves with its answer's status, or the error when the server died. */
export function startAnalysis(
  origin: string,
  token: string,
): Promise<{ status: number; at: number } | { error: string }> {
  return fetchAnalysis(`${origin}/api/v1/client/insta/start/analysis/`, {
    headers: { authorization: `Bearer ${token}` },
  }).then(
    async (answer) => {
      await answer.arrayBuffer();
      return { status: answer.status, at: performance.now() };
    },
    (error: unknown) => ({ error: String(error) }),
  );
}

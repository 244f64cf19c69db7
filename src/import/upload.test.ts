// Issue 32: a per-account limit's refusal reaches the import screen as the server's message, while a
// short wait (a 429 asking for a few seconds, or a 5xx) is still tried again.
import { describe, expect, it } from 'vitest';
import type { PreparedSnapshot } from './upload.ts';
import { uploadSnapshot } from './upload.ts';

const prepared: PreparedSnapshot = {
  meta: {
    digest: 'a'.repeat(64),
    owner: null,
    writtenAt: 1_700_000_000,
    followers: { count: 0, chunks: 0 },
    following: { count: 0, chunks: 0 },
    firstFollowAt: null,
    lastFollowAt: null,
    posts: [],
  },
  chunks: { followers: [], following: [] },
};

/** A fetch that gives `answers` in turn, counting its calls. */
function answering(...answers: Array<() => Response>) {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    calls.push(String(input));
    const next = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (!next) throw new Error('no answer');
    return next();
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const limited = (retryAfter: string) => () =>
  new Response(JSON.stringify({ message: 'Du hast in den letzten Minuten viel hochgeladen.' }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
  });

describe('uploadSnapshot and the per-account limits', () => {
  it('says the limit’s message at once when the wait is minutes', async () => {
    const { calls, fetch } = answering(limited('540'));
    const outcome = await uploadSnapshot(prepared, { token: 't', headers: {}, fetch, retryDelays: [0, 0, 0] });
    expect(outcome).toEqual({ ok: false, kind: 'server', message: 'Du hast in den letzten Minuten viel hochgeladen.' });
    expect(calls).toHaveLength(1);
  });

  it('tries a short wait again', async () => {
    const { calls, fetch } = answering(limited('1'), () =>
      Response.json({ status: 'unchanged', user: { username: 'amy' } }),
    );
    const outcome = await uploadSnapshot(prepared, { token: 't', headers: {}, fetch, retryDelays: [0, 0, 0] });
    expect(outcome).toMatchObject({ ok: true, status: 'unchanged' });
    expect(calls).toHaveLength(2);
  });
});

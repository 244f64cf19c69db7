// Issue 32: every expensive route is limited per account (429, Retry-After, the message in the caller's
// language), an account runs one export at a time (shared through the database, freed when the answer
// ends, the client goes or the stream fails), and another account is never held back by the first.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { serverPerTest, subscribedAccount, testSettings } from '../../../tests/support/test-server.ts';
import { exportSlots } from '../../db/schema.ts';
import { type AccountLimits, DEFAULT_ACCOUNT_LIMITS, takeExportSlot } from '../../http/account-limits.ts';
import { translate } from '../../i18n/messages.ts';

const harness = serverPerTest();

/** Starts the app with every per-account limit at `max` requests (a long window: nothing ends mid-test). */
async function startWithLimits(max: number) {
  const accountLimits = Object.fromEntries(
    Object.keys(DEFAULT_ACCOUNT_LIMITS).map((name) => [name, { max, windowMs: 3_600_000 }]),
  ) as unknown as AccountLimits;
  await harness.start({ settings: { ...testSettings, accountLimits } });
  await harness.app.ready();
}

async function account(username: string) {
  const { user, authorization } = await subscribedAccount(harness.server, username);
  return { user, headers: { authorization } };
}

const exportOf = (headers: Record<string, string>, path = 'dont/follow/back', language = 'en') =>
  harness.app.inject({
    url: `/api/v1/client/instagram/${path}/export/`,
    headers: { ...headers, 'accept-language': language },
  });

/** The refusal a limit gives: 429, a whole number of seconds to wait, the message in the caller's language. */
function expectRefused(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  message: string,
) {
  expect(response.statusCode).toBe(429);
  expect(String(response.headers['retry-after'])).toMatch(/^[1-9]\d*$/);
  expect(response.json()).toEqual({ message });
}

const slotsOf = (userId: string) =>
  harness.app.services.db.select().from(exportSlots).where(eq(exportSlots.userId, userId));

describe('per-account limits', () => {
  it('refuses a list export past the limit, shares it with the account export, and never another account', async () => {
    await startWithLimits(2);
    const { headers } = await account('followscope.demo');
    expect((await exportOf(headers)).statusCode).toBe(200);
    // The six lists are one limit.
    expect((await exportOf(headers, 'mutual/follower')).statusCode).toBe(200);
    expectRefused(await exportOf(headers, 'new/followers', 'de'), translate('tooManyExports', 'de'));
    const document = await harness.app.inject({
      url: '/api/v1/client/account/export',
      headers: { ...headers, 'accept-language': 'pt-BR' },
    });
    expectRefused(document, translate('tooManyExports', 'pt-BR'));

    const other = await account('followscope.other');
    expect((await exportOf(other.headers)).statusCode).toBe(200);
    expect(
      (await harness.app.inject({ url: '/api/v1/client/account/export', headers: other.headers })).statusCode,
    ).toBe(200);
  });

  it('refuses analysis starts, imports, their chunks and commits, and the official connect past their limits', async () => {
    await startWithLimits(1);
    const { headers } = await account('followscope.demo');
    const json = { ...headers, 'content-type': 'application/json' };
    const analysis = () =>
      harness.app.inject({
        url: '/api/v1/client/insta/start/analysis/',
        headers: { ...headers, 'accept-language': 'fr' },
      });
    expect((await analysis()).statusCode).toBe(200);
    expectRefused(await analysis(), translate('tooManyAnalyses', 'fr'));

    const meta = {
      digest: 'a'.repeat(64),
      owner: null,
      writtenAt: Math.floor(harness.server.now().getTime() / 1000),
      followers: { count: 2, chunks: 1 },
      following: { count: 0, chunks: 1 },
      firstFollowAt: null,
      lastFollowAt: null,
    };
    const open = () =>
      harness.app.inject({
        method: 'POST',
        url: '/api/v1/client/imports/',
        headers: { ...json, 'accept-language': 'es' },
        payload: meta,
      });
    expect((await open()).statusCode).not.toBe(429);
    expectRefused(await open(), translate('tooManyImports', 'es'));

    const upload = '00000000-0000-4000-8000-000000000000';
    const chunk = () =>
      harness.app.inject({
        method: 'PUT',
        url: `/api/v1/client/imports/${upload}/followers/0`,
        headers: { ...headers, 'content-type': 'application/gzip', 'accept-language': 'it' },
        payload: Buffer.from('x'),
      });
    expect((await chunk()).statusCode).not.toBe(429);
    expectRefused(await chunk(), translate('tooManyImports', 'it'));

    const commit = () =>
      harness.app.inject({
        method: 'POST',
        url: `/api/v1/client/imports/${upload}/commit`,
        headers: { ...headers, 'accept-language': 'de' },
      });
    expect((await commit()).statusCode).toBe(404);
    expectRefused(await commit(), translate('tooManyImports', 'de'));

    // The consent address and the code's exchange share one limit (the official API is not set up here:
    // the first answer says so, the next is refused before it is looked at).
    const connect = await harness.app.inject({ url: '/api/v1/client/official/connect', headers });
    expect(connect.statusCode).toBe(404);
    const exchange = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/official/connect',
      headers: { ...json, 'accept-language': 'en' },
      payload: { code: 'a-code', state: 'a-state' },
    });
    expectRefused(exchange, translate('tooManyRequests', 'en'));

    // Another account has every limit whole.
    const other = await account('followscope.other');
    expect(
      (await harness.app.inject({ url: '/api/v1/client/official/connect', headers: other.headers })).statusCode,
    ).toBe(404);
    expect(
      (
        await harness.app.inject({
          method: 'POST',
          url: `/api/v1/client/imports/${upload}/commit`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('does not count a request refused for its login', async () => {
    await startWithLimits(1);
    for (let i = 0; i < 3; i++) {
      const anonymous = await harness.app.inject({ url: '/api/v1/client/instagram/dont/follow/back/export/' });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});

describe('one export per account at a time', () => {
  it('refuses an export while another process holds the slot, and allows it once freed', async () => {
    await startWithLimits(100);
    const { user, headers } = await account('followscope.demo');
    // What a stream on another API process holds: the row in the shared database.
    const held = await takeExportSlot(harness.app.services.db, user.id);
    if (held.kind !== 'taken') throw new Error('slot not taken');
    expectRefused(await exportOf(headers, 'dont/follow/back', 'it'), translate('exportRunning', 'it'));
    expectRefused(
      await harness.app.inject({
        url: '/api/v1/client/account/export',
        headers: { ...headers, 'accept-language': 'es' },
      }),
      translate('exportRunning', 'es'),
    );
    // Another account exports meanwhile.
    const other = await account('followscope.other');
    expect((await exportOf(other.headers)).statusCode).toBe(200);

    await held.slot.release();
    const again = await exportOf(headers);
    expect(again.statusCode).toBe(200);
    expect(again.body.trimEnd().split('\n').at(-1)).toMatch(/"end":true/);
    // Answered whole, the slot is free again.
    expect(await slotsOf(user.id)).toEqual([]);
    expect((await harness.app.inject({ url: '/api/v1/client/account/export', headers })).statusCode).toBe(200);
    expect(await slotsOf(user.id)).toEqual([]);
  });

  it('takes an expired slot: a process that died does not block the account', async () => {
    await startWithLimits(100);
    const { user, headers } = await account('followscope.demo');
    await harness.app.services.db
      .insert(exportSlots)
      .values({ userId: user.id, holder: crypto.randomUUID(), expiresAt: new Date(Date.now() - 1000) });
    expect((await exportOf(headers)).statusCode).toBe(200);
  });

  it('frees the slot when the stream fails', async () => {
    await startWithLimits(100);
    const { user, headers } = await account('followscope.demo');
    expect((await harness.app.inject({ url: '/api/v1/client/insta/start/analysis/', headers })).statusCode).toBe(200);
    const profiles = vi
      .spyOn(harness.app.sampleNetwork, 'profiles')
      .mockRejectedValueOnce(new Error('the network fell over'));
    // The stream broke after its head: the answer is cut, with no end line (the client knows the list
    // is unfinished).
    await expect(exportOf(headers)).rejects.toThrow(/destroyed before completion/);
    expect(profiles).toHaveBeenCalled();
    profiles.mockRestore();
    await expect.poll(() => slotsOf(user.id)).toEqual([]);
    const again = await exportOf(headers);
    expect(again.statusCode).toBe(200);
    expect(again.body.trimEnd().split('\n').at(-1)).toMatch(/"end":true/);
  });

  it('refuses a second export while the first streams, and allows one after the client aborts', async () => {
    await startWithLimits(100);
    // About 300,000 names (12 MB of lines): more than the sockets' buffers hold, so the first stream
    // is still being written while its client reads nothing.
    const { user, headers } = await account('size.300000.100');
    const analysed = await harness.app.inject({ url: '/api/v1/client/insta/start/analysis/', headers });
    expect(analysed.statusCode).toBe(200);
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = harness.app.server.address() as AddressInfo;

    // The first export: its head and first rows read, then left unread.
    const first = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/api/v1/client/instagram/dont/follow/back/export/',
      headers: { ...headers, 'accept-encoding': 'identity' },
    });
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      first.on('response', resolve).on('error', reject).end();
    });
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => response.once('data', resolve));
    response.pause();

    expectRefused(await exportOf(headers, 'mutual/follower', 'fr'), translate('exportRunning', 'fr'));
    expect(await slotsOf(user.id)).toHaveLength(1);

    // The client goes away mid-list: the slot is freed and the next export runs to its end.
    first.destroy();
    await expect.poll(() => slotsOf(user.id), { timeout: 30_000 }).toEqual([]);
    const after = await exportOf(headers, 'mutual/follower');
    expect(after.statusCode).toBe(200);
    expect(after.body.trimEnd().split('\n').at(-1)).toMatch(/"end":true/);
  }, 120_000);
});

// Issue 48 item 3: the routes that read many rows or call an outside service take turns per account (a
// few at once, a few more waiting, the rest refused at once with 429, Retry-After and the message in the
// caller's language), and are counted per account over time; another account is never held back, and
// every turn is given back when its answer ends, however it ends.
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { serverPerTest, subscribedAccount, testSettings } from '../../tests/support/test-server.ts';
import { listPaths, siblingListPaths } from '../api/v1/analysis.ts';
import { GUARD } from '../auth/guard.ts';
import { translate } from '../i18n/messages.ts';
import { accountGate, GATE_CONCURRENCY, GATED, processTurns, Turns } from './account-gates.ts';
import { type AccountLimits, DEFAULT_ACCOUNT_LIMITS } from './account-limits.ts';

describe('turns', () => {
  it('lets `concurrent` in, queues `queued` in order, refuses the rest, and hands each turn on', async () => {
    const turns = new Turns();
    const limits = { concurrent: 2, queued: 2 };
    const order: string[] = [];
    const enter = (name: string) => turns.enter('k', limits, 1_000).then((entered) => order.push(`${name}:${entered}`));
    await Promise.all([enter('a'), enter('b')]);
    const waiting = [enter('c'), enter('d')];
    await enter('e');
    expect(order).toEqual(['a:true', 'b:true', 'e:false']);
    turns.leave('k');
    await waiting[0];
    expect(order.at(-1)).toBe('c:true');
    turns.leave('k');
    await waiting[1];
    expect(order.at(-1)).toBe('d:true');
    // Another key has turns of its own.
    expect(await turns.enter('other', limits)).toBe(true);
    turns.leave('other');
    turns.leave('k');
    turns.leave('k');
    expect(turns.size).toBe(0);
  });

  it('tells a request that waited too long to try again, and forgets it', async () => {
    const turns = new Turns();
    expect(await turns.enter('k', { concurrent: 1, queued: 1 }, 50)).toBe(true);
    expect(await turns.enter('k', { concurrent: 1, queued: 1 }, 50)).toBe(false);
    turns.leave('k');
    expect(turns.size).toBe(0);
  });
});

const harness = serverPerTest();

async function startWith(limits: Partial<AccountLimits> = {}) {
  await harness.start({ settings: { ...testSettings, accountLimits: { ...DEFAULT_ACCOUNT_LIMITS, ...limits } } });
  await harness.app.ready();
}

async function account(username: string) {
  const { user, authorization } = await subscribedAccount(harness.server, username);
  return { user, headers: { authorization } };
}

/** The routes behind a login that take no turns, and why: a limit of their own, or a row or two. */
const UNGATED: Record<string, string> = {
  'GET /api/v1/client/insta/start/analysis/': 'counted per account (analyses)',
  'GET /api/v1/client/account/export': 'the export slot, and counted (exports)',
  ...Object.fromEntries(
    [...Object.keys(listPaths), ...Object.keys(siblingListPaths)].map((path) => [
      `GET /api/v1/client/instagram/${path}/export/`,
      'the export slot, and counted (exports)',
    ]),
  ),
  'POST /api/v1/client/imports/': 'counted per account (importOpens)',
  'POST /api/v1/client/imports/keep/': 'counted per account (importOpens)',
  'PUT /api/v1/client/imports/:id/:list/:seq': 'counted per account (importChunks)',
  'POST /api/v1/client/imports/:id/commit': 'counted per account (importCommits)',
  'GET /api/v1/client/official/connect': 'counted per account (officialConnects)',
  'POST /api/v1/client/official/connect': 'counted per account (officialConnects)',
  'DELETE /api/v1/client/official/connection': 'one token row and the user row',
  'POST /api/v1/client/user/detail/': 'the user row its login already read',
  'GET /api/v1/client/insta/clear/data': 'idempotent; a second run finds nothing to clear',
  'POST /api/v1/client/account/delete/': 'once: the login goes with the account',
  'GET /api/v1/client/push/key/': 'no row',
  'POST /api/v1/client/push/subscription/': 'one device row, 20 at most an account',
  'POST /api/v1/client/push/unsubscribe/': 'one device row',
};

describe('gated routes', () => {
  it('are every route that reads many rows or asks an outside service', async () => {
    const gated: string[] = [];
    // A route behind a login that is neither gated nor named in UNGATED fails here (issue 50's renames did).
    const ungated: string[] = [];
    await harness.start({
      onRoute: (route) => {
        const hooks = [route.preHandler ?? []].flat() as Array<{ [GATED]?: string }>;
        const name = hooks.find((hook) => hook[GATED])?.[GATED];
        const methods = [route.method].flat().filter((method) => method !== 'HEAD');
        if (name && methods.length > 0) gated.push(`${name} ${methods.join()} ${route.url}`);
        const guarded = ([route.onRequest ?? []].flat() as Array<{ [GUARD]?: string }>).some((hook) => hook[GUARD]);
        if (!name && guarded) for (const method of methods) ungated.push(`${method} ${route.url}`);
      },
    });
    await harness.app.ready();
    expect(gated.sort()).toEqual(
      [
        ...[...Object.keys(listPaths), ...Object.keys(siblingListPaths)].map(
          (path) => `lists GET /api/v1/client/instagram/${path}/:size/`,
        ),
        'billing GET /api/v1/get/recurly/subscription/planDetails/',
        'billing POST /api/v1/client/subscription/cancel/',
        'billing POST /api/v1/client/subscription/keep/',
        'billing POST /api/v1/client/renew/plan/',
        'support POST /api/v1/client/support/query/',
        'history GET /api/v1/client/followers/history/',
        'insights GET /api/v1/client/check/insight/popup/',
        'insights POST /api/v1/insta/chat/gpt/generate/actionable/insights/',
        'media GET /api/v1/proxy',
        'posts GET /api/v1/client/postAnalysis/',
        'posts GET /api/v1/client/posts/:group/:isReel/',
        'posts GET /api/v1/client/posts/best-time/',
        'posts GET /api/v1/client/posts/comments/:shortCode/',
        'stories GET /api/v1/client/stories/:size/:id/',
        'stories POST /api/v1/client/download/stories/reel/',
        'stories POST /api/v1/client/list/watch/stories/',
        'lists GET /api/v1/client/imports/renames/',
      ].sort(),
    );
    expect(ungated.filter((route) => !(route in UNGATED)).sort()).toEqual([]);
  });

  it('run a few of one account’s requests at once, queue the rest, and refuse a flood past the queue', async () => {
    // A route of its own that answers when told, so the turns are seen as they are held.
    const app = Fastify();
    await app.register(rateLimit, { global: false });
    const release: Array<() => void> = [];
    app.decorateRequest('account', null);
    app.addHook('onRequest', async (request) => {
      request.account = { user: { id: String(request.headers['x-user']) }, token: '' } as FastifyRequest['account'];
    });
    app.get('/slow', { preHandler: accountGate(app, DEFAULT_ACCOUNT_LIMITS, 'history') }, async () => {
      await new Promise<void>((resolve) => release.push(resolve));
      return { ok: true };
    });
    await app.ready();
    const ask = (user: string) =>
      Promise.resolve(app.inject({ url: '/slow', headers: { 'x-user': user, 'accept-language': 'fr' } }));
    const { concurrent, queued } = GATE_CONCURRENCY.history;
    const answered: Array<{ statusCode: number; headers: Record<string, unknown>; json(): unknown }> = [];
    const flood = concurrent + queued + 5;
    const mine = Array.from({ length: flood }, () => ask('heavy').then((answer) => answered.push(answer)));
    // The flood past the queue is refused (after the second it names), while the first are held.
    await vi.waitFor(() => expect(answered).toHaveLength(5), { timeout: 15_000 });
    expect(answered.map((answer) => answer.statusCode)).toEqual(Array(5).fill(429));
    expect(answered[0]?.headers['retry-after']).toBe('1');
    expect(answered[0]?.json()).toEqual({ message: translate('tooManyAtOnce', 'fr') });
    await vi.waitFor(() => expect(release).toHaveLength(concurrent), { timeout: 15_000 });
    // Another account has turns of its own.
    const other = ask('other');
    await vi.waitFor(() => expect(release).toHaveLength(concurrent + 1), { timeout: 15_000 });
    release.pop()?.();
    expect((await other).statusCode).toBe(200);
    // Each answer hands its turn to the next in line.
    for (let served = 0; served < concurrent + queued; served++) {
      await vi.waitFor(() => expect(release.length).toBeGreaterThan(0), { timeout: 15_000 });
      release.shift()?.();
    }
    await Promise.all(mine);
    expect(answered.slice(5).map((answer) => answer.statusCode)).toEqual(Array(concurrent + queued).fill(200));
    expect(processTurns.keys).toEqual([]);
    await app.close();
  });

  it('count a stories refresh on its own limit, and every gated kind on its own rate', async () => {
    const one = { max: 2, windowMs: 3_600_000 };
    await startWith({ storyRefreshes: one, history: one, posts: one });
    const { headers } = await account('followscope.demo');
    const get = (url: string, language = 'en') =>
      harness.app.inject({ url, headers: { ...headers, 'accept-language': language } });
    for (let i = 0; i < 2; i++) expect((await get('/api/v1/client/stories/30/0/?refresh=true')).statusCode).toBe(200);
    const refresh = await get('/api/v1/client/stories/30/0/?refresh=true', 'de');
    expect(refresh.statusCode).toBe(429);
    expect(refresh.json()).toEqual({ message: translate('tooManyRefreshes', 'de') });
    // Reading the stories without a refresh is not a refresh.
    expect((await get('/api/v1/client/stories/30/0/')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await get('/api/v1/client/followers/history/')).statusCode).toBe(200);
    expect((await get('/api/v1/client/followers/history/')).statusCode).toBe(429);
    // Post analytics' reads share one limit.
    expect((await get('/api/v1/client/postAnalysis/')).statusCode).toBe(200);
    expect((await get('/api/v1/client/posts/best-time/')).statusCode).toBe(200);
    expect((await get('/api/v1/client/posts/mostLiked/false/')).statusCode).toBe(429);
    expect(processTurns.keys).toEqual([]);
  });

  it('count support messages per account, each a mail, and refuse the one past the day’s limit', async () => {
    await startWith({ support: { max: 2, windowMs: 24 * 3_600_000 } });
    const { headers } = await account('followscope.demo');
    const other = await account('followscope.other');
    const send = (who: Record<string, string>, language = 'en') =>
      harness.app.inject({
        method: 'POST',
        url: '/api/v1/client/support/query/',
        headers: { ...who, 'accept-language': language },
        payload: { query: 'Where are my followers?' },
      });
    for (let i = 0; i < 2; i++) expect((await send(headers)).statusCode).toBe(200);
    const refused = await send(headers, 'it');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_600);
    expect(refused.json()).toEqual({ message: translate('tooManySupportMessages', 'it') });
    // Another account has its own count.
    expect((await send(other.headers)).statusCode).toBe(200);
    expect(processTurns.keys).toEqual([]);
  });

  it('count a renewal on the billing routes’ rate: it calls the payment gateway', async () => {
    await startWith({ billing: { max: 2, windowMs: 3_600_000 } });
    const { headers } = await account('followscope.demo');
    const get = () => harness.app.inject({ url: '/api/v1/get/recurly/subscription/planDetails/', headers });
    for (let i = 0; i < 2; i++) expect((await get()).statusCode).toBe(200);
    const renew = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/renew/plan/',
      headers: { ...headers, 'accept-language': 'es', 'idempotency-key': 'renew-past-the-rate' },
      payload: { plan_code: 'monthly', payment_token: 'tok_visa', payment_method: 'card' },
    });
    expect(renew.statusCode).toBe(429);
    expect(Number(renew.headers['retry-after'])).toBeGreaterThan(0);
    expect(renew.json()).toEqual({ message: translate('tooManyRequests', 'es') });
    expect(processTurns.keys).toEqual([]);
  });

  it('give a turn back when the client goes away before its answer', async () => {
    await startWith();
    const { headers } = await account('followscope.demo');
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const address = harness.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const controllers = Array.from({ length: 8 }, () => new AbortController());
    const asked = controllers.map((controller) =>
      fetch(`http://127.0.0.1:${port}/api/v1/client/posts/best-time/`, { headers, signal: controller.signal }).catch(
        () => undefined,
      ),
    );
    for (const controller of controllers) controller.abort();
    await Promise.all(asked);
    await expect.poll(() => processTurns.keys, { timeout: 15_000 }).toEqual([]);
  });
});

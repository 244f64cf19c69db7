// Issue 54 item 3: no request is held longer than a proxy allows. A request that has waited its time
// answers "still running" (202) and the app asks again, joining the same analysis; the one rule on
// cancelling: an analysis runs while a request waits for it or one that answered "still running" may come
// back; when nobody waits and nobody is due back, or the grace passes with nobody back, it is cancelled.
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { serverPerTest, subscribedAccount, testSettings } from '../../tests/support/test-server.ts';
import { analyses } from '../db/schema.ts';
import { translate } from '../i18n/messages.ts';

const harness = serverPerTest();
/** A server whose analyses are slow enough to outlast a request's wait, which answers after 300 ms. */
async function start(returnGraceMs: number) {
  await harness.start({
    settings: {
      ...testSettings,
      source: { pagesPerSecond: 100_000, latencyMs: 40, failureRate: 0 },
      // One start per account in the window: asking again every 300 ms (20 s in the app) joins the
      // running analysis and is never counted, however many asks a loaded machine needs.
      accountLimits: { ...testSettings.accountLimits, analyses: { max: 1, windowMs: 600_000 } },
    },
    jobs: { leaseMs: 900, concurrency: 2, pollMs: 50, answerWithinMs: 300, returnGraceMs },
  });
  await harness.app.ready();
}

async function account(username: string) {
  const { user, authorization } = await subscribedAccount(harness.server, username);
  return { user, auth: { authorization, 'accept-language': 'it' } };
}

const analyse = (auth: Record<string, string>) =>
  harness.app.inject({ url: '/api/v1/client/insta/start/analysis/', headers: auth });
const rowsOf = (userId: string) => harness.app.services.db.select().from(analyses).where(eq(analyses.userId, userId));

describe('a long analysis', () => {
  it('answers "still running" in time, and the request that asks again joins it to its end', async () => {
    await start(30_000);
    const { user, auth } = await account('size.20000.300');
    const first = await analyse(auth);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ status: 'running', message: translate('analysisRunning', 'it') });
    let answer = await analyse(auth);
    while (answer.statusCode === 202) answer = await analyse(auth);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user.total_followers).toBeGreaterThan(19_000);
    // One analysis, joined: never a second one, never cancelled.
    expect((await rowsOf(user.id)).map((row) => row.status)).toEqual(['complete']);
    // The asks did not count, the start did: a new start is past the account's one.
    const again = await analyse(auth);
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 429,
      body: { message: translate('tooManyAnalyses', 'it') },
    });
  });

  it('is cancelled once the grace passes with nobody back', async () => {
    await start(400);
    const { user, auth } = await account('size.60000.300');
    expect((await analyse(auth)).statusCode).toBe(202);
    await vi.waitFor(async () => expect((await rowsOf(user.id))[0]?.status).toBe('cancelled'), { timeout: 15_000 });
  });

  it('goes on while the request that answered "still running" is due back, though the only other one left', async () => {
    await start(30_000);
    const { user, auth } = await account('size.60000.300');
    expect((await analyse(auth)).statusCode).toBe(202);
    // Another page asks and closes at once: it was not the only one the analysis was for.
    const controller = new AbortController();
    const closing = harness.app.inject({
      url: '/api/v1/client/insta/start/analysis/',
      headers: auth,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    await closing.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const [row] = await rowsOf(user.id);
    expect({ status: row?.status, cancelRequested: row?.cancelRequested }).toEqual({
      status: 'running',
      cancelRequested: false,
    });
    let answer = await analyse(auth);
    while (answer.statusCode === 202) answer = await analyse(auth);
    expect(answer.statusCode).toBe(200);
  });
});

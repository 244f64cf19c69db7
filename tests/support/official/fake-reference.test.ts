// The fake's parts written from the platform's reference for issue 36: insights read through field
// expansion (`insights.metric(...)`, `comments.limit(n){...}`), error 2108006 for media posted before the
// account became professional (a whole expanded page fails with it), account insights reported a day or
// more late (an empty data set until then, never 0), and seeded transient failures and throttling.
import { afterEach, describe, expect, it } from 'vitest';
import { allowAs } from './environment.ts';
import { type FakeInstagram, fakeAccount, startFakeInstagram } from './fake-api.ts';

const T0 = Date.UTC(2026, 10, 24, 12, 0);
const DAY = 24 * 3_600_000;
const APP = { appId: '990602627938098', appSecret: 'reference-secret' };
const REDIRECT = 'https://app.followscope.test/connected';
const SCOPES = 'instagram_business_basic,instagram_business_manage_insights,instagram_business_manage_comments';

let fake: FakeInstagram | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

// biome-ignore lint/suspicious/noExplicitAny: answers of many documented shapes
type Json = Record<string, any>;

/** A started fake with one account, and a long-lived token for it. */
async function started(options: { professionalSince?: number; reportDelayMs?: number; failureRate?: number } = {}) {
  const account = fakeAccount({
    username: 'lumen.studio',
    seed: 11,
    followers: 12_400,
    follows: 310,
    media: 240,
    now: T0,
    professionalSince: options.professionalSince,
  });
  fake = await startFakeInstagram({
    ...APP,
    redirectUris: [REDIRECT],
    accounts: [account],
    now: () => T0,
    callsPerHour: 1e6,
    reportDelayMs: options.reportDelayMs,
    failureRate: options.failureRate,
  });
  const authorize = new URL('/oauth/authorize', fake.url);
  for (const [key, value] of Object.entries({
    client_id: APP.appId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: SCOPES,
  })) {
    authorize.searchParams.set(key, value);
  }
  const code = (await allowAs(authorize.toString(), 'lumen.studio')).searchParams.get('code') ?? '';
  const short = (await (
    await fetch(new URL('/oauth/access_token', fake.url), {
      method: 'POST',
      body: new URLSearchParams({
        ...{ client_id: APP.appId, client_secret: APP.appSecret },
        grant_type: 'authorization_code',
        redirect_uri: REDIRECT,
        code,
      }),
    })
  ).json()) as Json;
  const long = (await (
    await fetch(
      `${fake.url}/access_token?${new URLSearchParams({ grant_type: 'ig_exchange_token', client_secret: APP.appSecret, access_token: short.data[0].access_token })}`,
    )
  ).json()) as Json;
  const graph = async (path: string, params: Record<string, string>) => {
    const response = await fetch(`${fake?.url}/v24.0${path}?${new URLSearchParams(params)}`, {
      headers: { authorization: `Bearer ${long.access_token}` },
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  return { account, graph };
}

// The metrics a page of every kind of media answers: those the API refuses for some media are the
// metrics table's own tests (server/source/official/metrics.test.ts).
const METRICS = 'reach,saved,total_interactions';
const EXPANDED = `id,like_count,comments_count,insights.metric(${METRICS}),comments.limit(50){id,text,replies{id,text}}`;

describe('the reference fake', () => {
  it('gives a page of 100 media with each one’s insights and comments by field expansion', async () => {
    const { account, graph } = await started();
    const page = await graph(`/${account.id}/media`, { fields: EXPANDED, limit: '100' });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(100);
    for (const [index, node] of (page.body.data as Json[]).entries()) {
      const media = account.media(index);
      const byName = Object.fromEntries((node.insights.data as Json[]).map((row) => [row.name, row.values[0].value]));
      expect(byName).toEqual({
        reach: media.insights.reach,
        saved: media.insights.saved,
        total_interactions: media.like_count + media.comments_count + media.insights.saved + media.insights.shares,
      });
      const comments = account.comments(index);
      if (comments.length) expect(node.comments.data.map((c: Json) => c.text)).toEqual(comments.map((c) => c.text));
      else expect(node.comments).toBeUndefined();
    }
    // The same insights as the edge gives, one media at a time.
    const one = await graph(`/${account.media(3).id}/insights`, { metric: METRICS });
    expect(one.body.data.map((row: Json) => row.values[0].value)).toEqual(
      page.body.data[3].insights.data.map((row: Json) => row.values[0].value),
    );
  });

  it('answers 2108006 for a media posted before the account became professional, failing its whole page', async () => {
    const { account, graph } = await started({ professionalSince: T0 - 200 * DAY });
    const old = Array.from({ length: 240 }, (_, i) => account.media(i)).find((m) => m.takenAt < T0 - 200 * DAY);
    if (!old) throw new Error('no media before the conversion');
    const edge = await graph(`/${old.id}/insights`, { metric: METRICS });
    expect(edge.status).toBe(400);
    expect(edge.body.error).toMatchObject({ code: 100, error_subcode: 2108006, type: 'OAuthException' });
    const first = await graph(`/${account.id}/media`, { fields: EXPANDED, limit: '100' });
    expect(first.status).toBe(200);
    const last = await graph(`/${account.id}/media`, {
      fields: EXPANDED,
      limit: '100',
      after: first.body.paging.cursors.after,
    });
    const third = await graph(`/${account.id}/media`, {
      fields: EXPANDED,
      limit: '100',
      after: Buffer.from('media:199').toString('base64url'),
    });
    expect([last.status, third.status]).toContain(400);
    const failed = last.status === 400 ? last : third;
    expect(failed.body.error.error_subcode).toBe(2108006);
    // Without the insights, the same page reads.
    const plain = await graph(`/${account.id}/media`, {
      fields: 'id,like_count',
      limit: '100',
      after: Buffer.from('media:199').toString('base64url'),
    });
    expect(plain.status).toBe(200);
    expect(plain.body.data).toHaveLength(40);
  });

  it('reports a day’s account insights only once it is over and the delay has passed; before, an empty data set', async () => {
    const { account, graph } = await started({ reportDelayMs: 36 * 3_600_000 });
    const days = account.days();
    const series = await graph(`/${account.id}/insights`, {
      metric: 'reach',
      period: 'day',
      since: String((T0 - 30 * DAY) / 1000),
      until: String(T0 / 1000),
    });
    const reach = (series.body.data as Json[]).find((row) => row.name === 'reach');
    // The day that ended at T0 and the one before are not reported yet: 28 of the 30.
    expect(reach?.values).toHaveLength(28);
    expect(reach?.values.at(-1).end_time).toBe(new Date(days.at(-3)?.end ?? 0).toISOString().replace('.000Z', '+0000'));
    const today = await graph(`/${account.id}/insights`, {
      metric: 'follows_and_unfollows',
      period: 'day',
      metric_type: 'total_value',
      breakdown: 'follow_type',
      since: String((T0 - DAY / 2) / 1000),
      until: String((T0 + DAY / 2) / 1000),
    });
    expect(today.status).toBe(200);
    expect(today.body.data).toEqual([]);
  });

  it('fails a seeded share of calls with the transient error, the same ones each run', async () => {
    const runs: number[][] = [];
    for (let run = 0; run < 2; run++) {
      const { account, graph } = await started({ failureRate: 0.3 });
      const statuses: number[] = [];
      for (let k = 0; k < 20; k++) statuses.push((await graph(`/${account.id}`, { fields: 'id' })).status);
      runs.push(statuses);
      await fake?.close();
      fake = undefined;
    }
    expect(runs[0]).toEqual(runs[1]);
    expect(runs[0]?.filter((status) => status === 500).length).toBeGreaterThan(2);
    expect(runs[0]?.filter((status) => status === 200).length).toBeGreaterThan(8);
  });
});

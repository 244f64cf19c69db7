// The metrics' table against the official API's fake (issue 49): every row asked as the table builds
// it is answered, and asked as the reference says it must not be, refused with the API's words. The
// fake reads the same table, so these hold the fake and the calls to the reference together. A refusal
// of a malformed call is a defect the fake records; one the API makes in practice is not.
import { afterEach, describe, expect, it } from 'vitest';
import { expectDefects, takeDefects } from '../../../tests/support/official/defects.ts';
import { type DirectFake, directFake, type Json } from '../../../tests/support/official/direct.ts';
import { classify } from './graph.ts';
import {
  ACCOUNT_METRICS,
  type AccountMetricName,
  type AccountMetricRule,
  accountQuery,
  asked,
  MEDIA_METRICS,
  MEDIA_RULES,
  type MediaMetricName,
  type MediaMetricRule,
} from './metrics.ts';

const NOW = Date.UTC(2026, 10, 24, 12, 0);
const DAY = 86_400_000;
const month = { since: (NOW - 30 * DAY) / 1000, until: NOW / 1000 };

let started: DirectFake | undefined;
afterEach(async () => {
  await started?.fake.close();
  started = undefined;
});

const accountRows = Object.entries(ACCOUNT_METRICS) as [AccountMetricName, AccountMetricRule][];
const mediaRows = Object.entries(MEDIA_METRICS) as [MediaMetricName, MediaMetricRule][];

/** The fake's refusal of a malformed call: code 100 (or 1 for a breakdown), recorded as our defect. */
function expectDefect(answer: { status: number; body: Json }, words: RegExp) {
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.body.error.message).toMatch(words);
  expect(classify(answer.status, answer.body)).toMatchObject({
    kind: answer.body.error.code === 1 ? undefined : 'defect',
  });
  expect(started?.fake.defects.at(-1)?.message).toBe(answer.body.error.message);
}

describe('every account metric of the table', () => {
  for (const [metric, rule] of accountRows) {
    it(`${metric}: ${asked(rule) ? 'asked as the table says, answered' : 'not in the reference, never asked'}`, async () => {
      started = await directFake({ followers: 12_400, media: 3 }, NOW);
      const id = started.account.id;
      if (!asked(rule)) {
        expect(() => accountQuery(metric)).toThrow(/not in the reference/);
        return;
      }
      const breakdown =
        rule.types[0] === 'total_value' && rule.breakdowns.includes('follow_type') ? 'follow_type' : undefined;
      const range = rule.period === 'day' ? month : {};
      const answer = await started.graph(`/${id}/insights`, accountQuery(metric, { ...range, breakdown }));
      expect(answer.status).toBe(200);
      expect(answer.body.data.map((row: Json) => row.name)).toEqual([metric]);
      const [row] = answer.body.data as Json[];
      if (rule.types[0] === 'time_series') expect(row?.values.length).toBeGreaterThan(0);
      else expect(row?.total_value.value).toBeGreaterThan(0);
      expect(started.fake.defects).toEqual([]);
    });

    it(`${metric}: asked otherwise than the reference says, refused whole`, async () => {
      expectDefects();
      started = await directFake({ followers: 12_400, media: 3 }, NOW);
      const path = `/${started.account.id}/insights`;
      const base = {
        metric,
        period: rule.period,
        ...(rule.period === 'day' && { since: String(month.since), until: String(month.until) }),
      };
      if (!rule.types.includes('time_series')) {
        // Without metric_type the API gives a time series, which these metrics have no longer.
        const answer = await started.graph(path, base);
        expectDefect(
          answer,
          new RegExp(
            `\\(#100\\) The following metrics \\(${metric}\\) should be specified with parameter metric_type=total_value`,
          ),
        );
      }
      if (!asked(rule)) {
        const answer = await started.graph(path, { ...base, metric_type: 'total_value' });
        expectDefect(answer, /^\(#100\) metric\[0\] must be one of the following values: /);
        expect(answer.body.error.message).not.toMatch(new RegExp(`\\b${metric}\\b`));
      }
      const wrongPeriod = rule.period === 'day' ? 'lifetime' : 'day';
      expectDefect(
        await started.graph(path, {
          ...base,
          period: wrongPeriod,
          ...(rule.types.includes('total_value') && { metric_type: 'total_value' }),
        }),
        new RegExp(`do not support period ${wrongPeriod}|should be specified|must be one of`),
      );
      if (asked(rule) && rule.types.includes('total_value')) {
        // "If you request a metric that doesn't support a breakdown, the API will return an error".
        const answer = await started.graph(path, {
          ...base,
          metric_type: 'total_value',
          breakdown: 'contact_button_type',
        });
        expect(answer.body.error).toMatchObject({ code: 1, message: 'An unknown error has occurred.' });
        expect(started.fake.defects.at(-1)?.query.breakdown).toBe('contact_button_type');
      }
    });

    if (rule.minFollowers > 0) {
      it(`${metric}: left out of the answer under ${rule.minFollowers} followers`, async () => {
        started = await directFake({ followers: rule.minFollowers - 20, media: 3 }, NOW);
        const breakdown =
          rule.types[0] === 'total_value' && rule.breakdowns.includes('follow_type') ? 'follow_type' : undefined;
        const range = rule.period === 'day' ? month : {};
        const answer = await started.graph(
          `/${started.account.id}/insights`,
          accountQuery(metric, { ...range, breakdown }),
        );
        expect(answer.status).toBe(200);
        expect(answer.body.data).toEqual([]);
      });
    }
  }

  it('refuses today’s old call, reach with profile_views as a time series, whole: reach is not given either', async () => {
    expectDefects();
    started = await directFake({ followers: 12_400, media: 3 }, NOW);
    const old = {
      metric: 'reach,profile_views',
      period: 'day',
      since: String(month.since),
      until: String(month.until),
    };
    const answer = await started.graph(`/${started.account.id}/insights`, old);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 100,
      message:
        '(#100) The following metrics (profile_views) should be specified with parameter metric_type=total_value',
    });
    expect(answer.body.data).toBeUndefined();
    // The connector takes it for what it is: a defect of ours, never "unavailable".
    expect(classify(answer.status, answer.body)).toMatchObject({ kind: 'defect' });
    // And the test harness sees it: a test that made this call without saying so would fail.
    expect(takeDefects().defects.map((defect) => defect.query.metric)).toEqual(['reach,profile_views']);
  });
});

describe('every media metric of the table', () => {
  /** The account's media by kind, and its stories (the quietest first). */
  async function media() {
    started = await directFake({ followers: 12_400, media: 60, stories: 3, quietStories: 1 }, NOW);
    const all = Array.from({ length: 60 }, (_, i) => started?.account.media(i));
    const find = (product: string, kind?: string) =>
      all.find((m) => m?.media_product_type === product && (!kind || m.media_type === kind));
    return { find, stories: started.account.stories() };
  }

  for (const [metric, rule] of mediaRows) {
    it(`${metric}: answered for the product types the reference lists`, async () => {
      const { find, stories } = await media();
      for (const product of rule.products) {
        const refused = rule.refusedFor?.product === product ? rule.refusedFor.media : undefined;
        const id =
          product === 'STORY'
            ? stories[1]?.id
            : (
                ['IMAGE', 'VIDEO', 'CAROUSEL_ALBUM']
                  .map((kind) => kind !== refused && find(product, kind))
                  .find(Boolean) || undefined
              )?.id;
        if (!id) throw new Error(`no ${product} media`);
        const answer = await started?.graph(`/${id}/insights`, { metric });
        expect(answer?.status).toBe(200);
        expect(answer?.body.data[0]).toMatchObject({ name: metric, period: 'lifetime' });
        expect(typeof answer?.body.data[0].values[0].value).toBe('number');
      }
      expect(started?.fake.defects).toEqual([]);
    });

    it(`${metric}: refused for the product types the reference does not list${rule.refusedFor ? ', and as practice refuses it' : ''}`, async () => {
      expectDefects();
      const { find, stories } = await media();
      for (const product of ['FEED', 'REELS', 'STORY'] as const) {
        if ((rule.products as readonly string[]).includes(product)) continue;
        const id = product === 'STORY' ? stories[1]?.id : find(product)?.id;
        const answer = await started?.graph(`/${id}/insights`, { metric });
        expect(answer?.status).toBe(400);
        expect(answer?.body.error.message).toBe(
          `(#100) Media Insights API does not support the ${metric} metric for this media product type`,
        );
        expect(classify(answer?.status ?? 0, answer?.body ?? {})).toMatchObject({ kind: 'defect' });
      }
      if (rule.refusedFor) {
        // Practice: listed for the product, refused for this kind; not a defect, and it names the metric.
        const before = started?.fake.defects.length;
        const id = find(rule.refusedFor.product, rule.refusedFor.media)?.id;
        const answer = await started?.graph(`/${id}/insights`, { metric });
        expect(answer?.body.error).toMatchObject({ code: 100, message: rule.refusedFor.message });
        expect(classify(answer?.status ?? 0, answer?.body ?? {})).toMatchObject({ kind: 'refused', metric });
        expect(started?.fake.defects.length).toBe(before);
      }
    });
  }

  it('answers #10 for a story under 5 viewers, with the reference’s words: the story itself is listed', async () => {
    const { stories } = await media();
    const quiet = stories[0];
    expect(quiet?.insights.reach).toBeLessThan(MEDIA_RULES.notEnoughViewers.minimum);
    const answer = await started?.graph(`/${quiet?.id}/insights`, { metric: 'reach,views' });
    expect(answer?.body.error).toMatchObject({ code: 10, message: MEDIA_RULES.notEnoughViewers.message });
    expect(classify(answer?.status ?? 0, answer?.body ?? {})).toMatchObject({ kind: 'unavailable', code: 10 });
    const listed = await started?.graph(`/${started?.account.id}/stories`, { fields: 'id' });
    expect(listed?.body.data.map((story: Json) => story.id)).toContain(quiet?.id);
  });
});

describe('the table itself', () => {
  it('cites the reference for every row, and practice where the API does otherwise', () => {
    for (const [, rule] of [...accountRows, ...mediaRows]) {
      expect(rule.reference.url).toMatch(/^https:\/\/developers\.facebook\.com\//);
      expect(rule.reference.words.length).toBeGreaterThan(20);
      if ('refusedFor' in rule && rule.refusedFor) expect(rule.practice?.url).toMatch(/^https:\/\/github\.com\//);
    }
    expect(ACCOUNT_METRICS.profile_views.listed).toBe(false);
  });

  it('says which rows the table no longer lists, and asks one of them only where practice shows it answered', () => {
    for (const [metric, rule] of accountRows) {
      if (rule.answeredInPractice) {
        expect(rule.listed, metric).toBe(false);
        expect(rule.practice?.url, metric).toMatch(/^https:\/\/github\.com\//);
      }
    }
    // The current table no longer lists follower_count; brightbean-studio PR #88's syncs still ask it.
    expect(ACCOUNT_METRICS.follower_count).toMatchObject({ listed: false, answeredInPractice: true });
    expect(asked(ACCOUNT_METRICS.follower_count)).toBe(true);
    expect(asked(ACCOUNT_METRICS.profile_views)).toBe(false);
  });
});

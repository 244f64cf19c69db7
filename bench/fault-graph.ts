// Issue 35's fault suite, the Graph API: a first collection of a professional account (500 media) from the
// local fake, in `npm start`'s process with the real deadline (30 s a call, 6 retries with backoff from
// 1 s), while the platform hangs from the collection's third page of media. A hang that ends after one
// try was given up: how long after the platform is back the collection goes on, and its figures. A hang
// that outlasts every retry: how long the owner waits to be told to try again, and whether the next
// collection completes. Beside a collection with nothing wrong, each on an account of its own.
import { request } from 'node:http';
import { startServer } from '../tests/e2e/server.ts';
import { connectOwner, officialEnvironment } from '../tests/support/official/environment.ts';
import { type FakeInstagram, fakeAccount, startFakeInstagram } from '../tests/support/official/fake-api.ts';
import { round1 } from './analysis-stall.ts';
import { FAULT_PORTS } from './fault-ports.ts';

const APP = { appId: '990602627938098', appSecret: 'bench-secret' };
const REDIRECT = 'https://bench.followscope.test/connected';
const MEDIA = 500;
const ACCOUNTS = ['graph.quiet', 'graph.short', 'graph.long'] as const;

/** GET through node:http, with no client deadline: a collection past every retry answers after minutes. */
function slowGet(url: string, headers: Record<string, string>) {
  const start = performance.now();
  return new Promise<{ status: number; body: Record<string, unknown>; seconds: number }>((resolve, reject) => {
    request(url, { headers }, (answer) => {
      let text = '';
      answer.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          body: JSON.parse(text) as Record<string, unknown>,
          seconds: round1((performance.now() - start) / 1000),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** The collection's figures (its answer's user record) against the platform's: followers, following, media. */
function completeness(fake: FakeInstagram, username: string, answer: { body: Record<string, unknown> }) {
  const record = answer.body.user as Record<string, unknown> | undefined;
  const account = fake.account(username);
  const media = Number(record?.post_count ?? 0) + Number(record?.reel_count ?? 0);
  return {
    media: `${media} of ${account.media_count}`,
    complete:
      record?.total_followers === account.followers_count &&
      record?.total_following === account.follows_count &&
      media === account.media_count,
  };
}

/** Hangs from the next collection's third page of media; resolves when it begins. */
function hangAtThirdPage(fake: FakeInstagram) {
  let pages = 0;
  return fake.hangAt((asked) => /\/media$/.test(asked.path) && ++pages === 3);
}

/** Resolves once the fake has had `count` calls left unanswered since `from` (an index of its requests). */
async function heldCalls(fake: FakeInstagram, from: number, count: number) {
  while (fake.requests.slice(from).filter((asked) => asked.injected === 'held').length < count) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves, once the platform is back, at the first Graph call it answers: the moment. */
async function firstAnswered(fake: FakeInstagram, from: number) {
  while (!fake.requests.slice(from).some((asked) => !asked.injected)) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now();
}

/** The three collections on one server on the embedded database. */
export async function benchGraphFaults() {
  const now = Date.now();
  const accounts = ACCOUNTS.map((username, i) =>
    fakeAccount({ username, seed: 21 + i, followers: 25_000, follows: 400, media: MEDIA, commentsPerMedia: 6, now }),
  );
  const fake = await startFakeInstagram({
    ...APP,
    port: FAULT_PORTS.instagram,
    redirectUris: [REDIRECT],
    accounts,
    callsPerHour: 1e9,
  });
  try {
    const server = await startServer({
      SERVE_APP: 'false',
      PORT: String(FAULT_PORTS.server),
      LIMIT_CODE_CHECKS_PER_IP: '100000',
      ...officialEnvironment(fake.url, APP, REDIRECT),
    });
    // Asked again while the server says "still running" (issue 54), as the app does; timed from the first.
    const collect = async (headers: Record<string, string>) => {
      const start = performance.now();
      for (;;) {
        const answer = await slowGet(`${server.url}/api/v1/client/insta/start/analysis/`, headers);
        if (answer.status !== 202) return { ...answer, seconds: round1((performance.now() - start) / 1000) };
      }
    };
    try {
      const [quietOwner, shortOwner, longOwner] = await Promise.all(
        ACCOUNTS.map((name) => connectOwner(server.url, name)),
      );
      if (!quietOwner || !shortOwner || !longOwner) throw new Error('an owner did not connect');

      let from = fake.requests.length;
      const quiet = await collect(quietOwner);
      const quietCalls = fake.requests.length - from;

      // A hang that ends once the first try was given up and the second is waiting.
      from = fake.requests.length;
      let hung = hangAtThirdPage(fake);
      const shortRun = collect(shortOwner);
      await hung;
      const hungAt = performance.now();
      await heldCalls(fake, from, 2);
      fake.recover();
      const back = performance.now();
      const backFrom = fake.requests.length;
      const resumed = await firstAnswered(fake, backFrom);
      const short = await shortRun;
      const shortCalls = fake.requests.length - from;

      // A hang past every retry: the owner is told to try again; then the platform is back and they do.
      from = fake.requests.length;
      hung = hangAtThirdPage(fake);
      const longRun = collect(longOwner);
      await hung;
      const longHungAt = performance.now();
      const failed = await longRun;
      const toldAfter = performance.now() - longHungAt;
      fake.recover();
      const failedCalls = fake.requests.length - from;
      from = fake.requests.length;
      const again = await collect(longOwner);
      const againCalls = fake.requests.length - from;

      return {
        media: MEDIA,
        quiet: { seconds: quiet.seconds, graph_calls: quietCalls, ...completeness(fake, ACCOUNTS[0], quiet) },
        hang_past_one_try: {
          hang_s: round1((back - hungAt) / 1000),
          resumed_after_return_s: round1((resumed - back) / 1000),
          seconds: short.seconds,
          status: short.status,
          graph_calls: shortCalls,
          ...completeness(fake, ACCOUNTS[1], short),
        },
        hang_past_every_retry: {
          owner_told_after_s: round1(toldAfter / 1000),
          status: failed.status,
          message: failed.body.message,
          graph_calls: failedCalls,
          next_collection: {
            seconds: again.seconds,
            status: again.status,
            graph_calls: againCalls,
            ...completeness(fake, ACCOUNTS[2], again),
          },
        },
      };
    } finally {
      await server.stop();
    }
  } finally {
    await fake.close();
  }
}

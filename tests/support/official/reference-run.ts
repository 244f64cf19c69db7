// A connected professional account collected once by the app's own collection (the analysis queue, in
// the test server), against the fake configured as the platform's reference describes it (issue 36):
// its rate limit of 200 calls an hour, transient failures and throttling by a seeded draw, and account
// insights reported 36 hours after a day ends. Gives the Graph calls the collection made (and the
// requests on the wire, retries included) and the record it left.
import { randomBytes } from 'node:crypto';
import type { UserRecord } from '../../../common/schema/user.ts';
import { issueToken } from '../../../server/auth/tokens.ts';
import { users } from '../../../server/db/schema.ts';
import type { OfficialSettings } from '../../../server/source/official/settings.ts';
import { startTestServer, type TestServer, testSettings } from '../test-server.ts';
import { allowAs } from './environment.ts';
import { type FakeInstagram, type FakeRequest, fakeAccount, startFakeInstagram } from './fake-api.ts';

/** The test server's clock at its start, which the fake shares. */
export const REFERENCE_NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 24 * 3_600_000;
const APP = { appId: '990602627938098', appSecret: 'reference-secret' };
const REDIRECT = 'https://app.followscope.test/connected';

export interface ReferenceOptions {
  media: number;
  followers: number;
  /** Days before now the account became professional: older media answer 2108006 for their insights. */
  professionalDaysAgo?: number;
  failureRate?: number;
  throttleRate?: number;
  reportDelayMs?: number;
  seed?: number;
  /** Active stories (default 3), and how many of the newest were seen by fewer than 5 accounts (issue 49). */
  stories?: number;
  quietStories?: number;
  /** Set the fake up after the consent, before the collection (break a media, block calls: issue 49). */
  prepare?: (fake: FakeInstagram) => void;
}

export interface ReferenceRun {
  /** Graph calls the collection made (what it asked), and requests on the wire (its retries too). */
  calls: number;
  requests: number;
  /** The collection's Graph requests, retried ones marked. */
  log: FakeRequest[];
  record: UserRecord;
  fake: FakeInstagram;
  server: TestServer;
  headers: Record<string, string>;
  close(): Promise<void>;
}

const isGraph = (request: FakeRequest) => /^\/v\d+\.\d+\//.test(request.path);

/** Connects the account through consent, then runs its first collection and counts its calls. */
export async function collectFromReference(options: ReferenceOptions): Promise<ReferenceRun> {
  const account = fakeAccount({
    username: 'lumen.studio',
    seed: 11,
    followers: options.followers,
    follows: 310,
    media: options.media,
    ...(options.stories !== undefined && { stories: options.stories }),
    ...(options.quietStories !== undefined && { quietStories: options.quietStories }),
    now: REFERENCE_NOW,
    professionalSince:
      options.professionalDaysAgo === undefined ? undefined : REFERENCE_NOW - options.professionalDaysAgo * DAY,
  });
  const fake = await startFakeInstagram({
    ...APP,
    redirectUris: [REDIRECT],
    accounts: [account],
    now: () => REFERENCE_NOW,
    callsPerHour: 200,
    failureRate: options.failureRate ?? 0.1,
    throttleRate: options.throttleRate ?? 0.05,
    reportDelayMs: options.reportDelayMs ?? 36 * 3_600_000,
    seed: options.seed ?? 36,
  });
  const official: OfficialSettings = {
    ...APP,
    redirectUri: REDIRECT,
    authUrl: `${fake.url}/oauth/authorize`,
    tokenUrl: `${fake.url}/oauth/access_token`,
    graphUrl: fake.url,
    version: 'v24.0',
    tokenKey: randomBytes(32),
    pace: { throttleWaitMs: 1, retryBaseMs: 1 },
  };
  const server = await startTestServer({ settings: { ...testSettings, official } });
  const close = async () => {
    await server.close();
    await fake.close();
  };
  try {
    const { db } = server.app.services;
    const [user] = await db
      .insert(users)
      .values({ email: 'owner@example.com', username: 'lumen.studio', isSubscribed: true })
      .returning();
    if (!user) throw new Error('no user');
    const headers = { authorization: `Bearer ${await issueToken(db, user.id, server.now())}` };
    const inject = (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
      server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload && { payload }) });
    const back = await allowAs((await inject('client/official/connect')).json().authorize_url, 'lumen.studio');
    const connected = await inject('client/official/connect', 'POST', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    if (connected.statusCode !== 200) throw new Error(`connect answered ${connected.statusCode}`);
    options.prepare?.(fake);
    const before = fake.requests.length;
    const collected = await inject('client/insta/start/analysis/');
    if (collected.statusCode !== 200) throw new Error(`collection answered ${collected.statusCode}: ${collected.body}`);
    const log = fake.requests.slice(before).filter(isGraph);
    return {
      calls: log.filter((request) => !request.injected).length,
      requests: log.length,
      log,
      record: collected.json().user as UserRecord,
      fake,
      server,
      headers,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

// A local fake of the Instagram Platform's official API ("Instagram API with Instagram Login"):
// the authorization window (www.instagram.com), the code exchange (api.instagram.com) and the
// Graph API (graph.instagram.com), all served by one plain node:http server under one base URL.
// It speaks the documented protocol, shapes and errors, so the app's client can be tested against
// it, and tests can move its clock, throttle it, make it fail, and revoke an account's tokens.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hash3, hashString } from '../../../server/source/hash.ts';
import {
  type AccountMetricRule,
  ACCOUNT_METRICS as ASKED_ACCOUNT_METRICS,
  MEDIA_METRICS as ASKED_MEDIA_METRICS,
  asked as answeredByTheApi,
  MEDIA_RULES,
  type MediaMetricRule,
} from '../../../server/source/official/metrics.ts';
import { type Defect, recordDefect } from './defects.ts';
import {
  DAY,
  type DemographicBreakdown,
  type FakeAccount,
  type FakeChild,
  type FakeComment,
  type FakeDay,
  type FakeMedia,
  type FakeObject,
  type FakeStory,
  graphTime,
  splitExactly,
} from './fake-data.ts';

export { type FakeAccount, type FakeAccountOptions, fakeAccount } from './fake-data.ts';

export interface FakeInstagramOptions {
  /** 0 = any free port (default). */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  appId: string;
  appSecret: string;
  /** Exact-match list, like the App Dashboard's valid OAuth redirect URIs. */
  redirectUris: string[];
  accounts: FakeAccount[];
  /** ms clock; default Date.now (tests move it). */
  now?: () => number;
  /** Graph calls an account may make in a rolling hour before the rate-limit error (default 200). */
  callsPerHour?: number;
  /**
   * ms after a day ends before its account insights are reported (default 0). The platform reports a
   * day once it is over, often a day or two late ("data can be delayed up to 48 hours"): until then a
   * range holding no reported day answers an empty data set, never 0.
   */
  reportDelayMs?: number;
  /** Share of Graph calls answered with a transient error (code 2, HTTP 500), by a seeded draw (default 0). */
  failureRate?: number;
  /** Share of Graph calls answered with the app's rate-limit error (code 4, usage at 100), seeded (default 0). */
  throttleRate?: number;
  /** The seed of those draws, so a run is repeatable (default 1). */
  seed?: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  token?: string;
  /**
   * A Graph call the fake answered with an error of its own making (fail, throttle), or left unanswered
   * (held, while it hangs): the client retries it.
   */
  injected?: 'failed' | 'throttled' | 'held';
}

export interface FakeInstagram {
  /** http://127.0.0.1:PORT, the base for all three hosts. */
  url: string;
  close(): Promise<void>;
  /** Every request seen: method, path (without query), query as an object, and the token used. */
  requests: FakeRequest[];
  /** Make every token of this account invalid as if the user removed the app (code 190, subcode 458). */
  revoke(username: string): void;
  /** Answer the next n Graph calls with the app-level rate-limit error (code 4) and a usage header at 100. */
  throttle(n: number): void;
  /** Answer the next n Graph calls with a transient error (code 2, is_transient true, HTTP 500). */
  fail(n: number): void;
  /**
   * Hang from the first Graph call `when` picks (a collection's third page of media, say): it and every
   * Graph call after it get no answer until `recover()` (issue 35). Resolves when the hang begins.
   */
  hangAt(when: (request: FakeRequest) => boolean): Promise<void>;
  /**
   * The platform is back: the next calls are answered. The calls held stay unanswered, as a platform that
   * comes back does not answer what it dropped: their client gives up on them at its deadline.
   */
  recover(): void;
  /** The account's data as the fake holds it. */
  account(username: string): FakeAccount;
  /** Calls refused as malformed (a code 100 the request caused): a client defect, never a missing figure. */
  defects: Defect[];
  /**
   * Answer the next n Graph calls with code 341 ("Application limit reached") or 368 ("Temporarily
   * blocked for policies violations"), which the error-handling guide says to wait out and retry.
   */
  block(n: number, code: 341 | 368): void;
  /** Every token of this account answers code 190 with this subcode (459 checkpointed, 464 unconfirmed). */
  checkpoint(username: string, subcode: 459 | 464): void;
  /** This media's insights answer code 1 ("An unknown error has occurred.") however often they are asked. */
  breakMedia(mediaId: string): void;
  /**
   * The owner removes the app on the network: the platform posts a signed request to the app's deauthorize
   * callback (`callbackUrl`), and the account's tokens stop working. Resolves with the callback's answer.
   */
  removeApp(username: string, callbackUrl: string): Promise<Response>;
  /** The owner asks for their data to be deleted: a signed request to the data-deletion callback. */
  requestDeletion(username: string, callbackUrl: string): Promise<Response>;
  /** The signed request the platform sends for this account (base64url signature "." base64url payload). */
  signedRequest(username: string): string;
}

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const CODE_LIFETIME = HOUR;
const SHORT_TOKEN_LIFETIME = HOUR;
const LONG_TOKEN_LIFETIME = 60 * DAY;
/** A long-lived token can be refreshed once it is a day old (Business Login for Instagram). */
const REFRESH_MIN_AGE = DAY;
const DEFAULT_PAGE = 25;
/** The docs give no cap for these edges; 100 is the Graph API's usual one. */
const MAX_PAGE = 100;
/** "Returns a maximum of 10K of the most recently created media." */
const MAX_MEDIA = 10_000;
/** Insights ranges: "There cannot be more than 30 days (2592000 s) between since and until". */
const MAX_RANGE = 30 * DAY;
const BASIC = 'instagram_business_basic';
const INSIGHTS = 'instagram_business_manage_insights';
const COMMENTS = 'instagram_business_manage_comments';
const SCOPE_NAMES: Record<string, string> = {
  instagram_business_basic: 'Access your profile and media',
  instagram_business_manage_insights: 'Access insights for your account and media',
  instagram_business_manage_comments: 'Read, reply to and manage comments on your media',
  instagram_business_content_publish: 'Publish media to your account',
  instagram_business_manage_messages: 'Read and send messages',
};

interface AuthCode {
  clientId: string;
  redirectUri: string;
  account: FakeAccount;
  scopes: string[];
  issuedAt: number;
  used: boolean;
}

interface Token {
  value: string;
  account: FakeAccount;
  scopes: string[];
  kind: 'short' | 'long';
  issuedAt: number;
  expiresAt: number;
  revoked: boolean;
}

/** A Graph API error, thrown deep and answered by the Graph handler. */
class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    /** The request itself was malformed (issue 49): recorded as the client's defect. */
    readonly defect = false,
  ) {
    super(String(body.message));
  }
}

const trace = () => `A${randomBytes(8).toString('base64url').slice(0, 10)}`;
/**
 * The docs give codes, not HTTP statuses: these are the ones the platform is seen to answer
 * (unknown and transient errors 500, throttling and missing permissions 403, the rest 400).
 */
const STATUS_OF_CODE: Record<number, number> = { 1: 500, 2: 500, 4: 403, 10: 403, 341: 403, 368: 403, 80002: 403 };

function graphError(code: number, message: string, extra: Record<string, unknown> = {}): GraphError {
  const { type = 'OAuthException', ...rest } = extra;
  return new GraphError(STATUS_OF_CODE[code] ?? 400, { message, type, code, ...rest, fbtrace_id: trace() });
}

/** A code 100 for a malformed request: the client's defect, recorded as such. */
const badParameter = (message: string) => {
  const error = graphError(100, `(#100) ${message}`);
  return new GraphError(error.status, error.body, true);
};
const noPermission = () => graphError(10, '(#10) Application does not have permission for this action');
const unsupportedGet = (id: string, method = 'get') =>
  graphError(
    100,
    `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    { type: 'GraphMethodException', error_subcode: 33 },
  );
const nonexistingField = (field: string, node: string) =>
  badParameter(`Tried accessing nonexisting field (${field}) on node type (${node})`);

/** "Friday, 20-Nov-26 02:15:00 PST", as the expired-session message writes times. */
function pacificTime(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    weekday: 'long',
    day: '2-digit',
    month: 'short',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')}, ${get('day')}-${get('month')}-${get('year')} ${get('hour')}:${get('minute')}:${get('second')} ${get('timeZoneName')}`;
}

// ---------------------------------------------------------------------------------------------
// Fields: "id,caption,children{media_type,media_url},replies.limit(5){text}"

interface FieldSpec {
  name: string;
  limit?: number;
  /** Field expansion of an insights edge: `insights.metric(views,reach)`. */
  metric?: string[];
  fields?: FieldSpec[];
}

function parseFields(text: string): FieldSpec[] {
  let at = 0;
  const fail = () => badParameter(`Syntax error in the fields parameter at character ${at}: ${text}`);
  const list = (): FieldSpec[] => {
    const specs: FieldSpec[] = [];
    while (at < text.length && text[at] !== '}') {
      const name = /^[a-z_][a-z0-9_]*/i.exec(text.slice(at))?.[0];
      if (!name) throw fail();
      at += name.length;
      const spec: FieldSpec = { name };
      while (text[at] === '.') {
        const modifier = /^\.(limit|metric)\(([^)]*)\)/.exec(text.slice(at));
        if (!modifier) throw fail();
        if (modifier[1] === 'limit') {
          if (!/^\d+$/.test(modifier[2] ?? '')) throw fail();
          spec.limit = Number(modifier[2]);
        } else {
          spec.metric = (modifier[2] ?? '').split(',').filter(Boolean);
        }
        at += modifier[0].length;
      }
      if (text[at] === '{') {
        at++;
        spec.fields = list();
        if (text[at] !== '}') throw fail();
        at++;
      }
      specs.push(spec);
      if (text[at] === ',') at++;
      else if (at < text.length && text[at] !== '}') throw fail();
    }
    return specs;
  };
  const specs = list();
  if (at !== text.length) throw fail();
  return specs;
}

const serializeFields = (specs: FieldSpec[]): string =>
  specs
    .map(
      (s) =>
        `${s.name}${s.limit === undefined ? '' : `.limit(${s.limit})`}${s.metric ? `.metric(${s.metric.join(',')})` : ''}${s.fields ? `{${serializeFields(s.fields)}}` : ''}`,
    )
    .join(',');

const fieldsOf = (query: Record<string, string>, fallback: string) =>
  parseFields((query.fields ?? '').replace(/\s+/g, '') || fallback);

// ---------------------------------------------------------------------------------------------
// Paging: cursor-based, as the Graph API documents it.

const cursorOf = (kind: string, index: number) => Buffer.from(`${kind}:${index}`).toString('base64url');

function indexOfCursor(kind: string, cursor: string, name: string): number {
  const [k, i] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const index = Number(i);
  if (k !== kind || !Number.isInteger(index) || index < 0) throw badParameter(`The ${name} cursor is not valid`);
  return index;
}

function limitOf(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_PAGE;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw badParameter('Param limit must be a positive integer');
  return Math.min(Number(raw), MAX_PAGE);
}

type Json = Record<string, unknown>;

/** An edge read through field expansion is left out when it has nothing, as the Graph API does. */
const nonEmpty = <T>(edge: Page<T>) => (edge.data.length ? edge : undefined);
const nonEmptyInsights = (edge: { data: unknown[] }) => (edge.data.length ? edge : undefined);

interface Page<T> {
  data: T[];
  paging?: { cursors: { before: string; after: string }; previous?: string; next?: string };
}

/** One page of the positions lo..hi-1, and the links to the pages around it. */
function page<T>(
  kind: string,
  lo: number,
  hi: number,
  query: Record<string, string>,
  link: (params: Record<string, string>) => string,
  render: (index: number) => T,
): Page<T> {
  const limit = limitOf(query.limit);
  let from = lo;
  let to = Math.min(hi, lo + limit);
  if (query.after) {
    from = Math.max(lo, indexOfCursor(kind, query.after, 'after') + 1);
    to = Math.min(hi, from + limit);
  } else if (query.before) {
    to = Math.min(hi, indexOfCursor(kind, query.before, 'before'));
    from = Math.max(lo, to - limit);
  }
  if (from >= to) return { data: [] };
  const data = Array.from({ length: to - from }, (_, k) => render(from + k));
  const { after: _after, before: _before, ...rest } = query;
  const cursors = { before: cursorOf(kind, from), after: cursorOf(kind, to - 1) };
  return {
    data,
    paging: {
      cursors,
      ...(from > lo ? { previous: link({ ...rest, limit: String(limit), before: cursors.before }) } : {}),
      ...(to < hi ? { next: link({ ...rest, limit: String(limit), after: cursors.after }) } : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Insights catalogues.

type Product = 'FEED' | 'REELS' | 'STORY';

interface MediaMetric {
  title: string;
  description: string;
  /** For the metrics the collection never asks; those it asks take theirs from its table (metrics.ts). */
  products?: Product[];
}

const MEDIA_CATALOGUE: Record<string, MediaMetric> = {
  views: {
    title: 'Views',
    description: 'The number of times your content was played or displayed.',
  },
  reach: {
    title: 'Accounts reached',
    description: 'The number of unique accounts that have seen your content, at least once.',
  },
  likes: { title: 'Likes', description: 'The number of likes on your post.', products: ['FEED', 'REELS'] },
  comments: { title: 'Comments', description: 'The number of comments on your post.', products: ['FEED', 'REELS'] },
  saved: { title: 'Saves', description: 'The number of saves of your post.' },
  shares: {
    title: 'Shares',
    description: 'The number of shares of your post.',
  },
  total_interactions: {
    title: 'Interactions',
    description:
      'The number of likes, saves, comments and shares on your post, minus unlikes, unsaves and deleted comments.',
  },
  follows: {
    title: 'Follows',
    description: 'The number of accounts that started following you from this media.',
    products: ['FEED', 'STORY'],
  },
  profile_visits: {
    title: 'Profile visits',
    description: 'The number of times your profile was visited from this media.',
    products: ['FEED', 'STORY'],
  },
  profile_activity: {
    title: 'Profile activity',
    description: 'The number of actions people took on your profile after engaging with your post.',
    products: ['FEED', 'STORY'],
  },
  replies: { title: 'Replies', description: 'The number of replies to your story.' },
  navigation: {
    title: 'Navigation',
    description: 'The total number of actions taken from your story: taps forward and back, exits and swipes.',
    products: ['STORY'],
  },
  ig_reels_avg_watch_time: {
    title: 'Average watch time',
    description: 'The average amount of time spent playing the reel, in milliseconds.',
    products: ['REELS'],
  },
  ig_reels_video_view_total_time: {
    title: 'Watch time',
    description: 'The total amount of time the reel was played, including replays, in milliseconds.',
    products: ['REELS'],
  },
};

/** A media metric's products: the collection's table for the metrics it asks (issue 49), else the catalogue's. */
const mediaRule = (metric: string): MediaMetricRule | undefined =>
  (ASKED_MEDIA_METRICS as Record<string, MediaMetricRule>)[metric];
const productsOf = (metric: string): readonly Product[] =>
  mediaRule(metric)?.products ?? MEDIA_CATALOGUE[metric]?.products ?? [];

type MetricType = 'time_series' | 'total_value';

interface AccountRule {
  period: 'day' | 'lifetime';
  types: readonly MetricType[];
  breakdowns: readonly string[];
  /** Not returned for accounts with fewer than 100 followers. */
  needsHundred: boolean;
  /** In the current reference's list; a metric it no longer lists is refused. */
  listed: boolean;
}

interface AccountMetric extends Partial<Omit<AccountRule, 'listed'>> {
  title: string;
  description: string;
  /** The day's value, for the daily metrics. */
  value?: (day: FakeDay) => number;
}

const ACCOUNT_CATALOGUE: Record<string, AccountMetric> = {
  reach: {
    title: 'Accounts reached',
    description: 'The number of unique accounts that have seen your content, at least once, including in ads.',
    value: (d) => d.reach,
  },
  follower_count: {
    title: 'Follower count',
    description: 'Total number of new followers each day within the specified range.',
    value: (d) => d.follows,
  },
  profile_views: {
    title: 'Profile views',
    description: 'The number of times your profile was visited.',
    value: (d) => d.profile_views,
  },
  online_followers: {
    title: 'Online followers',
    description: "Total number of the IG User's followers who were online during the specified range.",
  },
  accounts_engaged: {
    period: 'day',
    types: ['total_value'],
    breakdowns: [],
    needsHundred: false,
    title: 'Accounts engaged',
    description: 'The number of accounts that have interacted with your content, including in ads.',
    value: (d) => d.accounts_engaged,
  },
  total_interactions: {
    period: 'day',
    types: ['total_value'],
    breakdowns: ['media_product_type'],
    needsHundred: false,
    title: 'Content interactions',
    description: 'The total number of post, story, reels, video and live video interactions.',
    value: (d) => d.total_interactions,
  },
  likes: {
    period: 'day',
    types: ['total_value'],
    breakdowns: ['media_product_type'],
    needsHundred: false,
    title: 'Likes',
    description: 'The number of likes on your posts, reels, and videos.',
    value: (d) => d.likes,
  },
  comments: {
    period: 'day',
    types: ['total_value'],
    breakdowns: ['media_product_type'],
    needsHundred: false,
    title: 'Comments',
    description: 'The number of comments on your posts, reels, videos and live videos.',
    value: (d) => d.comments,
  },
  saves: {
    period: 'day',
    types: ['total_value'],
    breakdowns: ['media_product_type'],
    needsHundred: false,
    title: 'Saves',
    description: 'The number of saves of your posts, reels, and videos.',
    value: (d) => d.saves,
  },
  shares: {
    period: 'day',
    types: ['total_value'],
    breakdowns: ['media_product_type'],
    needsHundred: false,
    title: 'Shares',
    description: 'The number of shares of your posts, stories, reels, videos and live videos.',
    value: (d) => d.shares,
  },
  replies: {
    period: 'day',
    types: ['total_value'],
    breakdowns: [],
    needsHundred: false,
    title: 'Replies',
    description: 'The number of replies you received from your story.',
    value: (d) => d.replies,
  },
  follows_and_unfollows: {
    title: 'Follows and unfollows',
    description:
      'The number of accounts that followed you and the number of accounts that unfollowed you or left Instagram in the selected time period.',
    value: (d) => d.follows + d.unfollows,
  },
  views: {
    period: 'day',
    types: ['total_value'],
    breakdowns: ['follower_type', 'media_product_type'],
    needsHundred: false,
    title: 'Views',
    description: 'The number of times your content was played or displayed.',
    value: (d) => d.views,
  },
  follower_demographics: {
    period: 'lifetime',
    types: ['total_value'],
    breakdowns: ['age', 'city', 'country', 'gender'],
    needsHundred: true,
    title: 'Follower demographics',
    description: 'The demographic characteristics of followers, including countries, cities and gender distribution.',
  },
};

/** An account metric's rule: the collection's table for the metrics it asks (issue 49), else the catalogue's. */
function accountRule(metric: string): AccountRule {
  const asked = (ASKED_ACCOUNT_METRICS as Record<string, AccountMetricRule>)[metric];
  if (asked) {
    const { period, types, breakdowns, minFollowers } = asked;
    // A row the table no longer lists is refused, unless practice shows the API answers it (its `practice`).
    return { period, types, breakdowns, needsHundred: minFollowers >= 100, listed: answeredByTheApi(asked) };
  }
  const own = ACCOUNT_CATALOGUE[metric] as AccountMetric;
  return {
    period: own.period ?? 'day',
    types: own.types ?? [],
    breakdowns: own.breakdowns ?? [],
    needsHundred: own.needsHundred ?? false,
    listed: true,
  };
}

/** The values a breakdown dimension takes, and how a day's figure splits among them. */
const DIMENSION_VALUES: Record<string, string[]> = {
  follow_type: ['FOLLOWER', 'NON_FOLLOWER'],
  follower_type: ['FOLLOWER', 'NON_FOLLOWER'],
  media_product_type: ['POST', 'CAROUSEL_CONTAINER', 'REEL', 'STORY'],
};
const TIMEFRAMES = ['this_week', 'this_month'];
/** Demographic metrics return only the top 45. */
const TOP_DEMOGRAPHICS = 45;

// ---------------------------------------------------------------------------------------------
// Request plumbing.

const MAX_BODY = 1 << 20;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The fields of a form, sent as application/x-www-form-urlencoded or multipart/form-data. */
function formFields(body: Buffer, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (/^multipart\/form-data/i.test(contentType) && boundary) {
    const fields: Record<string, string> = {};
    for (const part of body.toString('utf8').split(`--${boundary[1] ?? boundary[2]}`)) {
      const split = part.indexOf('\r\n\r\n');
      const name = /name="([^"]*)"/i.exec(part.slice(0, split))?.[1];
      if (split < 0 || name === undefined) continue;
      fields[name] = part.slice(split + 4).replace(/\r\n$/, '');
    }
    return fields;
  }
  return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function sendHtml(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111}h1{font-size:1.3rem}li{margin:.3rem 0}form{margin:.6rem 0}button{width:100%;padding:.7rem;font-size:1rem;border-radius:.5rem;border:1px solid #bbb;background:#0095f6;color:#fff;cursor:pointer}form.cancel button{background:#fff;color:#111}code{font-size:.85em}</style></head><body><main>${body}</main></body></html>`,
  );
}

/** The authorization window's answer to a bad request: a page, never a redirect. */
const errorPage = (res: ServerResponse, problem: string) =>
  sendHtml(res, 400, 'Error', `<h1>Sorry, this page isn't available</h1><p>${escapeHtml(problem)}</p>`);

const scopesOf = (raw: string | undefined) => [
  ...new Set(
    (raw ?? '')
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

// ---------------------------------------------------------------------------------------------

export async function startFakeInstagram(options: FakeInstagramOptions): Promise<FakeInstagram> {
  const now = options.now ?? Date.now;
  const callsPerHour = options.callsPerHour ?? 200;
  const reportDelayMs = options.reportDelayMs ?? 0;
  let draws = 0;
  /** A seeded draw in [0, 1): repeatable failures and throttles for a run. */
  const draw = () => hash3(options.seed ?? 1, ++draws, 0x9e37) / 4_294_967_296;
  const accounts = options.accounts;
  const byUsername = new Map(accounts.map((a) => [a.username, a]));
  const tags = new Set(accounts.map((a) => a.tag));
  if (byUsername.size !== accounts.length) throw new Error('startFakeInstagram: two accounts share a username');
  if (tags.size !== accounts.length) throw new Error('startFakeInstagram: two accounts share an id tag; change a seed');

  const requests: FakeRequest[] = [];
  const codes = new Map<string, AuthCode>();
  const tokens = new Map<string, Token>();
  /** Graph calls per account (by id) in the last hour, oldest first. */
  const calls = new Map<string, number[]>();
  let throttleLeft = 0;
  let failLeft = 0;
  let blockLeft = 0;
  let blockCode: 341 | 368 = 341;
  /** Accounts whose tokens answer 190 with a subcode that asks the owner to log in to the network. */
  const checkpointed = new Map<FakeAccount, 459 | 464>();
  /** Media whose insights always answer code 1. */
  const broken = new Set<string>();
  const defects: Defect[] = [];
  let hangWhen: ((request: FakeRequest) => boolean) | undefined;
  let hangBegan: (() => void) | undefined;
  let hanging = false;
  /** The server's own address, once it listens: paging links use it when a request names no host. */
  let origin = '';

  const findAccount = (username: string) => {
    const account = byUsername.get(username);
    if (!account) throw new Error(`no fake account @${username}`);
    return account;
  };
  const newToken = (account: FakeAccount, scopes: string[], kind: Token['kind']): Token => {
    const issuedAt = now();
    const token: Token = {
      value: `IGAA${randomBytes(60)
        .toString('base64')
        .replace(/[^A-Za-z0-9]/g, '')}`,
      account,
      scopes,
      kind,
      issuedAt,
      expiresAt: issuedAt + (kind === 'short' ? SHORT_TOKEN_LIFETIME : LONG_TOKEN_LIFETIME),
      revoked: false,
    };
    tokens.set(token.value, token);
    return token;
  };

  // -- Authorization window (www.instagram.com/oauth/authorize) ---------------------------------

  /** The request's parameters, or the reason it cannot be shown (an error page, no redirect). */
  function checkAuthorize(params: Record<string, string>): string | undefined {
    if (params.client_id !== options.appId) return 'Invalid platform app';
    if (!params.redirect_uri || !options.redirectUris.includes(params.redirect_uri)) {
      return "Invalid redirect_uri: it is not one of the app's valid OAuth redirect URIs";
    }
    if (params.response_type !== 'code') return 'Invalid response_type: set it to code';
    const scopes = scopesOf(params.scope);
    if (!scopes.includes(BASIC) && !scopes.includes('instagram_basic')) {
      return 'Invalid Scopes: instagram_business_basic is required';
    }
    return undefined;
  }

  function hiddenFields(params: Record<string, string>) {
    return ['client_id', 'redirect_uri', 'response_type', 'scope', 'state']
      .filter((name) => params[name] !== undefined)
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name] ?? '')}">`)
      .join('');
  }

  function authorizePage(res: ServerResponse, params: Record<string, string>) {
    const problem = checkAuthorize(params);
    if (problem) return errorPage(res, problem);
    const scopes = scopesOf(params.scope)
      .map((s) => `<li><code>${escapeHtml(s)}</code> ${escapeHtml(SCOPE_NAMES[s] ?? '')}</li>`)
      .join('');
    const allow = accounts
      .map(
        (a) =>
          `<form method="post" action="/oauth/authorize">${hiddenFields(params)}<input type="hidden" name="account" value="${escapeHtml(a.username)}"><button type="submit" name="decision" value="allow">Allow as @${escapeHtml(a.username)}</button></form>`,
      )
      .join('');
    const cancel = `<form class="cancel" method="post" action="/oauth/authorize">${hiddenFields(params)}<button type="submit" name="decision" value="cancel">Cancel</button></form>`;
    sendHtml(
      res,
      200,
      'Allow access · Instagram',
      `<h1>Allow app ${escapeHtml(params.client_id ?? '')} to access your account?</h1><p>It asks for:</p><ul>${scopes}</ul>${allow}${cancel}`,
    );
  }

  function redirectTo(res: ServerResponse, redirectUri: string, params: Record<string, string>, fragment = '') {
    const target = new URL(redirectUri);
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    target.hash = '';
    res.writeHead(302, { location: `${target.toString()}${fragment}` });
    res.end();
  }

  function decide(res: ServerResponse, params: Record<string, string>) {
    const problem = checkAuthorize(params);
    if (problem) return errorPage(res, problem);
    const redirectUri = params.redirect_uri as string;
    const state: Record<string, string> = params.state === undefined ? {} : { state: params.state };
    if (params.decision !== 'allow') {
      return redirectTo(res, redirectUri, {
        error: 'access_denied',
        error_reason: 'user_denied',
        error_description: 'The user denied your request',
        ...state,
      });
    }
    const account = byUsername.get(params.account ?? '');
    if (!account) return errorPage(res, 'Unknown account');
    const code = `AQ${randomBytes(36).toString('base64url')}`;
    codes.set(code, {
      clientId: params.client_id as string,
      redirectUri,
      account,
      scopes: scopesOf(params.scope),
      issuedAt: now(),
      used: false,
    });
    // The platform appends "#_" to the redirect; it is not part of the code.
    redirectTo(res, redirectUri, { code, ...state }, '#_');
  }

  // -- Code for a short-lived token (api.instagram.com/oauth/access_token) ---------------------

  function exchangeCode(res: ServerResponse, fields: Record<string, string>) {
    const reject = (message: string) =>
      sendJson(res, 400, { error_type: 'OAuthException', code: 400, error_message: message });
    for (const name of ['client_id', 'client_secret', 'grant_type', 'redirect_uri', 'code']) {
      if (!fields[name]) return reject(`You must provide a ${name}`);
    }
    if (fields.client_id !== options.appId) return reject('Invalid platform app');
    if (fields.client_secret !== options.appSecret) return reject('Error validating client secret.');
    if (fields.grant_type !== 'authorization_code') return reject('Invalid grant_type: use authorization_code');
    const code = codes.get(fields.code ?? '');
    if (!code || code.used || code.clientId !== fields.client_id) {
      return reject('Matching code was not found or was already used');
    }
    if (now() - code.issuedAt > CODE_LIFETIME) return reject('This authorization code has expired.');
    if (code.redirectUri !== fields.redirect_uri) {
      return reject(
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      );
    }
    code.used = true;
    const token = newToken(code.account, code.scopes, 'short');
    sendJson(res, 200, {
      data: [{ access_token: token.value, user_id: code.account.id, permissions: code.scopes.join(',') }],
    });
  }

  // -- Tokens (graph.instagram.com/access_token and /refresh_access_token) ---------------------

  /** The token behind a Graph call, or the documented error for a missing, bad, revoked or expired one. */
  function authenticate(value: string | undefined, forMe: boolean): Token {
    if (!value) {
      throw forMe
        ? graphError(2500, 'An active access token must be used to query information about the current user.')
        : graphError(104, 'An access token is required to request this resource.');
    }
    const token = tokens.get(value);
    if (!token) throw graphError(190, 'Invalid OAuth access token - Cannot parse access token');
    const checkpoint = checkpointed.get(token.account);
    if (checkpoint) {
      // Subcodes of 190 (Graph API error handling): 459 "The user has been checkpointed", 464 "The session
      // user is not confirmed"; both cleared by the owner logging in on the network, not by a new token.
      const message =
        checkpoint === 459
          ? 'Error validating access token: The user has been checkpointed.'
          : 'Error validating access token: The session user is not confirmed.';
      throw graphError(190, message, { error_subcode: checkpoint });
    }
    if (token.revoked) {
      // Removing the app from the account: "App Not Installed" in the documented subcodes.
      const message = `Error validating access token: The user has not authorized application ${options.appId}.`;
      throw graphError(190, message, { error_subcode: 458 });
    }
    const at = now();
    if (at >= token.expiresAt) {
      throw graphError(
        190,
        `Error validating access token: Session has expired on ${pacificTime(token.expiresAt)}. The current time is ${pacificTime(at)}.`,
        { error_subcode: 463 },
      );
    }
    return token;
  }

  function tokenAnswer(token: Token) {
    return {
      access_token: token.value,
      token_type: 'bearer',
      expires_in: Math.round((token.expiresAt - now()) / SECOND),
    };
  }

  function exchangeShortToken(query: Record<string, string>): unknown {
    if (query.grant_type !== 'ig_exchange_token') throw badParameter('Unsupported grant_type: use ig_exchange_token');
    if (query.client_secret !== options.appSecret) throw graphError(101, 'Error validating client secret.');
    const short = authenticate(query.access_token, false);
    if (short.kind !== 'short') throw badParameter('Only a short-lived access token can be exchanged');
    return tokenAnswer(newToken(short.account, short.scopes, 'long'));
  }

  function refreshLongToken(query: Record<string, string>, bearer: string | undefined): unknown {
    if (query.grant_type !== 'ig_refresh_token') throw badParameter('Unsupported grant_type: use ig_refresh_token');
    const long = authenticate(query.access_token ?? bearer, false);
    if (long.kind !== 'long') throw badParameter('Only a long-lived access token can be refreshed');
    if (now() - long.issuedAt < REFRESH_MIN_AGE) {
      throw badParameter('The access token can be refreshed once it is at least 24 hours old');
    }
    if (!long.scopes.includes(BASIC)) throw noPermission();
    return tokenAnswer(newToken(long.account, long.scopes, 'long'));
  }

  // -- Signed requests (deauthorize and data-deletion callbacks) ------------------------------------

  /**
   * Data Deletion Request Callback: "This generates a POST with a signed request … The signed request
   * contains an app-scoped ID identifying the user making the request"; its example parses
   * `<signature>.<payload>`, both base64url, the signature an HMAC-SHA256 of the payload with the app secret.
   */
  function signedRequest(username: string): string {
    const account = findAccount(username);
    const payload = Buffer.from(
      JSON.stringify({ algorithm: 'HMAC-SHA256', issued_at: Math.floor(now() / SECOND), user_id: account.id }),
    ).toString('base64url');
    const signature = createHmac('sha256', options.appSecret).update(payload).digest('base64url');
    return `${signature}.${payload}`;
  }

  // -- Rate accounting ---------------------------------------------------------------------------

  function recentCalls(account: FakeAccount): number[] {
    const since = now() - HOUR;
    const list = (calls.get(account.id) ?? []).filter((t) => t > since);
    calls.set(account.id, list);
    return list;
  }

  /** The two usage headers: every figure is the percent of the hourly allowance used. */
  function usageHeaders(account: FakeAccount | undefined, forcedPercent?: number): Record<string, string> {
    const list = account ? recentCalls(account) : [];
    const percent = forcedPercent ?? Math.floor((list.length * 100) / callsPerHour);
    const usage = { call_count: percent, total_cputime: percent, total_time: percent };
    const headers: Record<string, string> = { 'x-app-usage': JSON.stringify(usage) };
    if (account) {
      // Access comes back when enough of the hour's calls have aged out to go under the allowance.
      const blockedUntil = list.length >= callsPerHour ? (list[list.length - callsPerHour] ?? 0) + HOUR : 0;
      const minutes = Math.max(0, Math.ceil((blockedUntil - now()) / (60 * SECOND)));
      headers['x-business-use-case-usage'] = JSON.stringify({
        [account.user_id]: [{ type: 'instagram', ...usage, estimated_time_to_regain_access: minutes }],
      });
    }
    return headers;
  }

  // -- Graph API ---------------------------------------------------------------------------------

  interface Call {
    /** The request's origin and version prefix, for paging links: "http://127.0.0.1:1234/v24.0". */
    base: string;
    query: Record<string, string>;
    token: Token;
    account: FakeAccount;
  }

  const has = (call: Call, scope: string) => call.token.scopes.includes(scope);
  const linkTo = (call: Call, path: string) => (params: Record<string, string>) =>
    `${call.base}${path}?${new URLSearchParams({ ...params, access_token: call.token.value })}`;

  function renderUser(call: Call, fields: FieldSpec[]) {
    const a = call.account;
    const values: Record<string, unknown> = {
      id: a.id,
      user_id: a.user_id,
      username: a.username,
      name: a.name,
      account_type: a.account_type,
      profile_picture_url: a.profile_picture_url,
      followers_count: a.followers_count,
      follows_count: a.follows_count,
      media_count: a.media_count,
      biography: a.biography,
    };
    return pick(values, fields, 'IGUser', ['website']);
  }

  /** The requested fields of a node, id first; `absent` fields exist but have no value here. */
  function pick(
    values: Record<string, unknown>,
    fields: FieldSpec[],
    node: string,
    absent: string[],
    edges: Record<string, (spec: FieldSpec) => unknown> = {},
  ) {
    const out: Record<string, unknown> = { id: values.id };
    for (const spec of fields) {
      const edge = edges[spec.name];
      if (edge) out[spec.name] = edge(spec);
      else if (spec.name in values) {
        if (values[spec.name] !== undefined) out[spec.name] = values[spec.name];
      } else if (!absent.includes(spec.name)) throw nonexistingField(spec.name, node);
    }
    for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
    return out;
  }

  function renderMedia(call: Call, m: FakeMedia, fields: FieldSpec[]) {
    const values: Record<string, unknown> = {
      id: m.id,
      caption: m.caption,
      media_type: m.media_type,
      media_product_type: m.media_product_type,
      media_url: m.media_url,
      thumbnail_url: m.thumbnail_url,
      permalink: m.permalink,
      shortcode: m.shortcode,
      timestamp: m.timestamp,
      like_count: m.like_count,
      comments_count: m.comments_count,
      is_comment_enabled: true,
      is_shared_to_feed: m.media_product_type === 'REELS' ? true : undefined,
      owner: { id: call.account.user_id },
      username: call.account.username,
    };
    return pick(values, fields, 'IGMedia', ['alt_text', 'legacy_instagram_media_id'], {
      children: (spec) => (m.children.length ? childrenOf(call, m, spec.fields ?? [{ name: 'id' }]) : undefined),
      comments: (spec) => nonEmpty(commentsOf(call, m, { limit: String(spec.limit ?? DEFAULT_PAGE) }, spec.fields)),
      insights: (spec) => mediaInsights(call, m, { metric: (spec.metric ?? []).join(',') }),
    });
  }

  function renderChild(call: Call, c: FakeChild, fields: FieldSpec[]) {
    const values: Record<string, unknown> = {
      id: c.id,
      media_type: c.media_type,
      media_url: c.media_url,
      thumbnail_url: c.thumbnail_url,
      timestamp: c.timestamp,
      owner: { id: call.account.user_id },
      username: call.account.username,
    };
    // Permalinks, captions and counts are not available on the pictures inside an album.
    return pick(values, fields, 'IGMedia', ['permalink', 'shortcode', 'caption', 'like_count', 'comments_count']);
  }

  function childrenOf(call: Call, m: FakeMedia, fields: FieldSpec[]) {
    return { data: m.children.map((child) => renderChild(call, child, fields)) };
  }

  function renderStory(call: Call, s: FakeStory, fields: FieldSpec[]) {
    const values: Record<string, unknown> = {
      id: s.id,
      media_type: s.media_type,
      media_product_type: 'STORY',
      media_url: s.media_url,
      thumbnail_url: s.thumbnail_url,
      permalink: s.permalink,
      timestamp: s.timestamp,
      owner: { id: call.account.user_id },
      username: call.account.username,
    };
    return pick(values, fields, 'IGMedia', ['caption', 'shortcode', 'like_count', 'comments_count'], {
      insights: (spec) => nonEmptyInsights(storyInsights(call, s, { metric: (spec.metric ?? []).join(',') })),
    });
  }

  function renderComment(call: Call, c: FakeComment, fields: FieldSpec[]): Json {
    const values: Record<string, unknown> = {
      id: c.id,
      text: c.text,
      timestamp: c.timestamp,
      username: c.username,
      like_count: c.like_count,
      hidden: false,
      from: { id: `178414${String(hashString(c.username)).padStart(11, '0')}`, username: c.username },
      media: { id: c.mediaId, media_product_type: call.account.media(c.mediaIndex).media_product_type },
      parent_id: c.parentId,
    };
    return pick(values, fields, 'IGComment', ['user'], {
      replies: (spec) => nonEmpty(repliesOf(call, c, { limit: String(spec.limit ?? DEFAULT_PAGE) }, spec.fields)),
    });
  }

  const COMMENT_FIELDS: FieldSpec[] = [{ name: 'timestamp' }, { name: 'text' }, { name: 'id' }];

  function commentsOf(call: Call, m: FakeMedia, query: Record<string, string>, fields = COMMENT_FIELDS): Page<Json> {
    if (!has(call, COMMENTS)) throw noPermission();
    const list = call.account.comments(m.index);
    const link = linkTo(call, `/${m.id}/comments`);
    const params = { ...query, fields: serializeFields(fields) };
    return page('comments', 0, list.length, params, link, (k) => renderComment(call, list[k] as FakeComment, fields));
  }

  function repliesOf(call: Call, c: FakeComment, query: Record<string, string>, fields = COMMENT_FIELDS): Page<Json> {
    if (!has(call, COMMENTS)) throw noPermission();
    if (c.parentId !== undefined) return { data: [] };
    const list = call.account.replies(c.mediaIndex, c.commentIndex);
    const link = linkTo(call, `/${c.id}/replies`);
    const params = { ...query, fields: serializeFields(fields) };
    return page('replies', 0, list.length, params, link, (k) => renderComment(call, list[k] as FakeComment, fields));
  }

  function userMedia(call: Call, path: string) {
    const a = call.account;
    const fields = fieldsOf(call.query, 'id');
    const since = call.query.since ? Number(call.query.since) * SECOND : undefined;
    const until = call.query.until ? Number(call.query.until) * SECOND : undefined;
    if ((since !== undefined && !Number.isFinite(since)) || (until !== undefined && !Number.isFinite(until))) {
      throw badParameter('since and until must be Unix timestamps');
    }
    const lo = until === undefined ? 0 : a.mediaAtOrBefore(until);
    const hi = Math.min(MAX_MEDIA, since === undefined ? a.media_count : a.mediaAtOrBefore(since - 1));
    return page('media', lo, hi, call.query, linkTo(call, path), (i) => renderMedia(call, a.media(i), fields));
  }

  function activeStories(call: Call): FakeStory[] {
    const since = now() - DAY;
    return call.account.stories().filter((s) => s.takenAt > since && s.takenAt <= now());
  }

  function userStories(call: Call, path: string) {
    const fields = fieldsOf(call.query, 'id');
    const list = activeStories(call);
    return page('stories', 0, list.length, call.query, linkTo(call, path), (k) =>
      renderStory(call, list[k] as FakeStory, fields),
    );
  }

  // -- Media and story insights ------------------------------------------------------------------

  function metricList(query: Record<string, string>, known: string[]) {
    const metrics = (query.metric ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    if (!metrics.length) throw badParameter('The parameter metric is required');
    metrics.forEach((metric, i) => {
      if (!known.includes(metric)) {
        throw badParameter(`metric[${i}] must be one of the following values: ${known.join(', ')}`);
      }
    });
    return metrics;
  }

  function mediaMetricValue(m: FakeMedia, metric: string): number | undefined {
    const i = m.insights;
    const interactions = m.like_count + m.comments_count + i.saved + i.shares;
    const values: Record<string, number | undefined> = {
      ...i,
      likes: m.like_count,
      comments: m.comments_count,
      total_interactions: interactions,
    };
    return values[metric];
  }

  function storyMetricValue(s: FakeStory, metric: string): number | undefined {
    const { navigation, ...rest } = s.insights;
    const values: Record<string, number> = {
      ...rest,
      navigation: Object.values(navigation).reduce((a, b) => a + b, 0),
      total_interactions: rest.replies + rest.shares,
    };
    return values[metric];
  }

  function insightRow(objectId: string, metric: string, value: number) {
    const spec = MEDIA_CATALOGUE[metric] as MediaMetric;
    return {
      name: metric,
      period: 'lifetime',
      values: [{ value }],
      title: spec.title,
      description: spec.description,
      id: `${objectId}/insights/${metric}/lifetime`,
    };
  }

  /** Refuses the metrics a kind of media does not have: the reference's table says which (a defect to ask). */
  function checkProduct(metrics: string[], product: Product) {
    for (const metric of metrics) {
      if (!productsOf(metric).includes(product)) {
        throw badParameter(`Media Insights API does not support the ${metric} metric for this media product type`);
      }
    }
  }

  /**
   * Refuses, as the API does in practice, a metric its reference lists for the product type but that it
   * refuses for this kind of media (the table's `refusedFor`, each citing who saw it): not a defect.
   */
  function checkPractice(metrics: string[], product: Product, media: string) {
    for (const metric of metrics) {
      const refused = mediaRule(metric)?.refusedFor;
      if (refused && refused.product === product && refused.media === media) throw graphError(100, refused.message);
    }
  }

  /** `query` is the request's (an edge) or the expansion's `.metric(...)` (a field). */
  function mediaInsights(call: Call, m: FakeMedia, query: Record<string, string> = call.query) {
    if (!has(call, INSIGHTS)) throw noPermission();
    const metrics = metricList(query, Object.keys(MEDIA_CATALOGUE));
    checkProduct(metrics, m.media_product_type);
    // Error-handling guide, code 1: "If it occurs again, check you are requesting an existing API".
    if (broken.has(m.id)) throw graphError(1, 'An unknown error has occurred.', { is_transient: false });
    checkPractice(metrics, m.media_product_type, m.media_type);
    // Error codes reference: media posted before the account's most recent conversion to a professional
    // account has no insights. Read through field expansion, the whole request fails with it.
    if (m.takenAt < call.account.professionalSince) {
      throw graphError(100, 'Media Posted Before Business Account Conversion', {
        error_subcode: 2108006,
        is_transient: false,
        error_user_title: 'Media Posted Before Business Account Conversion',
        error_user_msg:
          'The media was posted before the most recent time that the user’s account was converted to a business account from a personal account.',
      });
    }
    return { data: metrics.map((metric) => insightRow(m.id, metric, mediaMetricValue(m, metric) ?? 0)) };
  }

  function storyInsights(call: Call, story: FakeStory, query: Record<string, string> = call.query) {
    if (!has(call, INSIGHTS)) throw noPermission();
    const metrics = metricList(query, Object.keys(MEDIA_CATALOGUE));
    checkProduct(metrics, 'STORY');
    // Story metrics are only available for 24 hours; after that the data set is empty.
    if (story.takenAt <= now() - DAY) return { data: [] };
    // Media Insights: "Story media metrics with values less than 5 return an error code 10" (read here
    // as fewer than 5 viewers, as its message says).
    const viewers = MEDIA_RULES.notEnoughViewers;
    if (story.insights.reach < viewers.minimum) throw graphError(10, viewers.message);
    const byAction = call.query.breakdown === 'story_navigation_action_type';
    return {
      data: metrics.map((metric) =>
        metric === 'navigation' && byAction
          ? navigationBreakdown(story)
          : insightRow(story.id, metric, storyMetricValue(story, metric) ?? 0),
      ),
    };
  }

  function navigationBreakdown(story: FakeStory) {
    const spec = MEDIA_CATALOGUE.navigation as MediaMetric;
    const nav = story.insights.navigation;
    return {
      name: 'navigation',
      period: 'lifetime',
      title: spec.title,
      description: spec.description,
      total_value: {
        value: Object.values(nav).reduce((a, b) => a + b, 0),
        breakdowns: [
          {
            dimension_keys: ['story_navigation_action_type'],
            results: Object.entries(nav).map(([key, value]) => ({ dimension_values: [key], value })),
          },
        ],
      },
      id: `${story.id}/insights/navigation/lifetime`,
    };
  }

  // -- Account insights ----------------------------------------------------------------------------

  interface Range {
    since: number;
    until: number;
  }

  /** since/until (Unix seconds), with the documented defaults, and at most 30 days apart. */
  function rangeOf(query: Record<string, string>, metricType: MetricType): Range {
    const seconds = (raw: string | undefined) => {
      if (raw === undefined || raw === '') return undefined;
      if (!/^\d+$/.test(raw)) throw badParameter('since and until must be Unix timestamps');
      return Number(raw) * SECOND;
    };
    // Without a range, the new metrics look back 24 hours, the time series give yesterday and today.
    const back = metricType === 'total_value' ? DAY : 2 * DAY;
    const given = { since: seconds(query.since), until: seconds(query.until) };
    const until = given.until ?? now();
    const since = given.since ?? until - back;
    if (since > until) throw badParameter('since must be earlier than until');
    if (until - since > MAX_RANGE)
      throw badParameter('There cannot be more than 30 days (2592000 s) between since and until');
    return { since, until };
  }

  /** The account's days whose end falls in (since, until] and that the platform has reported by now. */
  const daysIn = (account: FakeAccount, range: Range) =>
    account.days().filter((d) => d.end > range.since && d.end <= range.until && d.end <= now() - reportDelayMs);

  function dimensionWeights(account: FakeAccount, dimension: string, metric: string, day: FakeDay): number[] {
    const values = DIMENSION_VALUES[dimension] ?? [];
    const salt = hashString(`${metric}/${dimension}`);
    return values.map((value, k) => {
      // Stories have no likes, comments or saves.
      if (value === 'STORY' && ['likes', 'comments', 'saves'].includes(metric)) return 0;
      return 1 + (hash3(account.seed, day.end / SECOND, salt + k) % 97);
    });
  }

  /** A daily metric's total over the range, split exactly by each requested breakdown in turn. */
  function breakdownResults(account: FakeAccount, metric: string, days: FakeDay[], dimensions: string[]) {
    const spec = ACCOUNT_CATALOGUE[metric] as AccountMetric;
    const totals = new Map<string, number>();
    const add = (key: string[], value: number) => {
      const k = JSON.stringify(key);
      totals.set(k, (totals.get(k) ?? 0) + value);
    };
    const split = (day: FakeDay, key: string[], value: number, rest: string[]): void => {
      const [dimension, ...others] = rest;
      if (!dimension) {
        add(key, value);
        return;
      }
      const values = DIMENSION_VALUES[dimension] ?? [];
      // Follows and unfollows are the two sides of follow_type, not a share of one figure.
      const parts =
        metric === 'follows_and_unfollows' && dimension === 'follow_type'
          ? [day.follows, day.unfollows]
          : splitExactly(value, dimensionWeights(account, dimension, metric, day));
      values.forEach((v, k) => {
        split(day, [...key, v], parts[k] ?? 0, others);
      });
    };
    for (const day of days) split(day, [], spec.value?.(day) ?? 0, dimensions);
    return [...totals].map(([key, value]) => ({ dimension_values: JSON.parse(key) as string[], value }));
  }

  function demographicRows(account: FakeAccount, dimensions: string[]) {
    let rows: { key: string[]; value: number }[] = [{ key: [], value: account.followers_count }];
    for (const dimension of dimensions) {
      const shares = account.demographics(dimension as DemographicBreakdown);
      const known = shares.reduce((sum, s) => sum + s.value, 0);
      // The first dimension gives the known followers; each further one divides them by its shares.
      rows = rows.flatMap((row) => {
        const base = row.key.length ? row.value : known;
        const parts = splitExactly(
          base,
          shares.map((s) => s.value),
        );
        return shares.map((s, k) => ({ key: [...row.key, s.key], value: parts[k] ?? 0 }));
      });
    }
    return rows
      .filter((r) => r.value > 0)
      .sort((a, b) => b.value - a.value)
      .slice(0, TOP_DEMOGRAPHICS)
      .map((r) => ({ dimension_values: r.key, value: r.value }));
  }

  function accountInsights(call: Call, path: string) {
    if (!has(call, INSIGHTS)) throw noPermission();
    const a = call.account;
    const q = call.query;
    const metrics = metricList(q, Object.keys(ACCOUNT_CATALOGUE));
    const specs = metrics.map(accountRule);
    const period = q.period;
    if (!period) throw badParameter('The parameter period is required');
    const wrongPeriod = metrics.filter((_, i) => specs[i]?.period !== period);
    if (wrongPeriod.length) {
      throw badParameter(`The following metrics (${wrongPeriod.join(', ')}) do not support period ${period}`);
    }
    const metricType = (q.metric_type || undefined) as MetricType | undefined;
    if (metricType !== undefined && metricType !== 'time_series' && metricType !== 'total_value') {
      throw badParameter('metric_type must be one of the following values: time_series, total_value');
    }
    // Without metric_type the API gives a time series, which the newer metrics do not have.
    const type: MetricType = metricType ?? 'time_series';
    const mismatched = metrics.filter((_, i) => !specs[i]?.types.includes(type));
    if (mismatched.length) {
      throw badParameter(
        type === 'time_series'
          ? `The following metrics (${mismatched.join(', ')}) should be specified with parameter metric_type=total_value`
          : `The following metrics (${mismatched.join(', ')}) do not support metric_type=total_value`,
      );
    }
    // A metric the current reference no longer lists is refused however it is asked (brightbean-studio
    // PR #105: "it errored on every IG sync"); the answer names the ones it takes, as for an unknown one.
    const listed = Object.keys(ACCOUNT_CATALOGUE).filter((metric) => accountRule(metric).listed);
    metrics.forEach((metric, i) => {
      if (!listed.includes(metric)) {
        throw badParameter(`metric[${i}] must be one of the following values: ${listed.join(', ')}`);
      }
    });
    // "If you request `metric_type=time_series`, breakdowns will not be included in the response."
    const breakdowns = type === 'time_series' ? [] : scopesOf(q.breakdown);
    if (breakdowns.length) {
      const unsupported = specs.some((s) => breakdowns.some((b) => !s.breakdowns.includes(b)));
      // "If you request a metric that doesn't support a breakdown, the API will return an error" (code 1).
      if (unsupported) {
        const error = graphError(1, 'An unknown error has occurred.');
        throw new GraphError(error.status, error.body, true);
      }
    }
    const demographic = metrics.includes('follower_demographics');
    if (demographic && !TIMEFRAMES.includes(q.timeframe ?? '')) {
      throw badParameter(`timeframe must be one of the following values: ${TIMEFRAMES.join(', ')}`);
    }
    if (demographic && !breakdowns.length) {
      throw badParameter('breakdown must be one of the following values: age, city, country, gender');
    }
    const range = rangeOf(q, type);
    const days = daysIn(a, range);
    const small = a.followers_count < 100;
    const id = (metric: string) => `${a.user_id}/insights/${metric}/${period}`;
    const data = metrics.flatMap((metric, i): Json[] => {
      const rule = specs[i] as AccountRule;
      const spec = ACCOUNT_CATALOGUE[metric] as AccountMetric;
      // Not returned for accounts under 100 followers: the data set simply lacks them.
      if (rule.needsHundred && small) return [];
      const head = { name: metric, period, title: spec.title, description: spec.description };
      if (metric === 'follower_demographics') {
        return [
          {
            ...head,
            total_value: { breakdowns: [{ dimension_keys: breakdowns, results: demographicRows(a, breakdowns) }] },
            id: id(metric),
          },
        ];
      }
      if (metric === 'online_followers') {
        const all = a.days();
        // Online followers are only kept for the last 30 days.
        const values = days.map((d) => {
          const hours = now() - d.end <= MAX_RANGE ? a.onlineFollowers(all.indexOf(d)) : [];
          return { value: Object.fromEntries(hours.map((v, h) => [String(h), v])), end_time: graphTime(d.end) };
        });
        return [{ ...head, values, id: id(metric) }];
      }
      // Media Insights' rule holds here too: data not reported yet is an empty data set, never 0.
      if (rule.period === 'day' && !days.length) return [];
      if (type === 'time_series') {
        const values = days.map((d) => ({ value: spec.value?.(d) ?? 0, end_time: graphTime(d.end) }));
        return [{ ...head, values, id: id(metric) }];
      }
      const value = days.reduce((sum, d) => sum + (spec.value?.(d) ?? 0), 0);
      const total = breakdowns.length
        ? {
            value,
            breakdowns: [{ dimension_keys: breakdowns, results: breakdownResults(a, metric, days, breakdowns) }],
          }
        : { value };
      return [{ ...head, total_value: total, id: id(metric) }];
    });
    if (demographic) return { data };
    // Insights pages move the time window, not through a list.
    const span = Math.max(SECOND, range.until - range.since);
    const window = (since: number) => ({
      ...q,
      since: String(Math.floor(since / SECOND)),
      until: String(Math.floor((since + span) / SECOND)),
    });
    const link = linkTo(call, path);
    return { data, paging: { previous: link(window(range.since - span)), next: link(window(range.until)) } };
  }

  // -- Routing -----------------------------------------------------------------------------------

  function resolve(call: Call, rawId: string): FakeObject {
    if (rawId === 'me') return { kind: 'user' };
    for (const account of accounts) {
      const found = account.find(rawId);
      // Another account's objects are invisible to this token, exactly as missing ones are.
      if (found) {
        if (account !== call.account) break;
        return found;
      }
    }
    throw unsupportedGet(rawId);
  }

  function node(call: Call, target: FakeObject): unknown {
    const fields = (fallback: string) => fieldsOf(call.query, fallback);
    switch (target.kind) {
      case 'user':
        return renderUser(call, fields('id'));
      case 'media':
        return renderMedia(call, target.media, fields('id'));
      case 'child':
        return renderChild(call, target.child, fields('id'));
      case 'story':
        return renderStory(call, target.story, fields('id'));
      case 'comment':
        if (!has(call, COMMENTS)) throw noPermission();
        return renderComment(call, target.comment, fields('id,text,timestamp'));
    }
  }

  function edge(call: Call, target: FakeObject, name: string, path: string): unknown {
    if (name === 'insights') {
      if (target.kind === 'user') return accountInsights(call, path);
      if (target.kind === 'media') return mediaInsights(call, target.media);
      if (target.kind === 'story') return storyInsights(call, target.story);
      if (target.kind === 'child') throw badParameter('Insights are not available for media inside an album');
    }
    if (target.kind === 'user' && name === 'media') return userMedia(call, path);
    if (target.kind === 'user' && name === 'stories') return userStories(call, path);
    if (target.kind === 'media' && name === 'children') {
      return childrenOf(call, target.media, fieldsOf(call.query, 'id'));
    }
    if (target.kind === 'media' && name === 'comments') {
      return commentsOf(call, target.media, call.query, fieldsOf(call.query, 'timestamp,text,id'));
    }
    if (target.kind === 'comment' && name === 'replies') {
      return repliesOf(call, target.comment, call.query, fieldsOf(call.query, 'timestamp,text,id'));
    }
    throw nonexistingField(
      name,
      target.kind === 'user' ? 'IGUser' : target.kind === 'comment' ? 'IGComment' : 'IGMedia',
    );
  }

  function graph(req: IncomingMessage, res: ServerResponse, url: URL, rawToken: string | undefined) {
    const version = /^\/v\d+\.\d+(?=\/|$)/.exec(url.pathname)?.[0] ?? '';
    const path = url.pathname.slice(version.length) || '/';
    const segments = path.split('/').filter(Boolean);
    const known = rawToken ? tokens.get(rawToken) : undefined;
    const failing = failLeft > 0 || draw() < (options.failureRate ?? 0);
    const throttling = throttleLeft > 0 || draw() < (options.throttleRate ?? 0);
    const request = requests.at(-1);
    if (!hanging && request && hangWhen?.(request)) {
      [hanging, hangWhen] = [true, undefined];
      hangBegan?.();
    }
    if (hanging) {
      if (request) request.injected = 'held';
      return;
    }
    if (failing) {
      failLeft = Math.max(0, failLeft - 1);
      if (request) request.injected = 'failed';
      const error = graphError(2, 'An unexpected error has occurred. Please retry your request later.', {
        is_transient: true,
      });
      return sendJson(res, 500, { error: error.body }, usageHeaders(known?.account));
    }
    if (blockLeft > 0) {
      blockLeft--;
      if (request) request.injected = 'throttled';
      const message =
        blockCode === 341 ? '(#341) Application limit reached' : '(#368) Temporarily blocked for policies violations';
      const error = graphError(blockCode, message);
      return sendJson(res, error.status, { error: error.body }, usageHeaders(known?.account));
    }
    if (throttling) {
      throttleLeft = Math.max(0, throttleLeft - 1);
      if (request) request.injected = 'throttled';
      const error = graphError(4, '(#4) Application request limit reached', { is_transient: true });
      return sendJson(res, error.status, { error: error.body }, usageHeaders(known?.account, 100));
    }
    let account = known?.account;
    try {
      const token = authenticate(rawToken, segments[0] === 'me');
      account = token.account;
      if (recentCalls(account).length >= callsPerHour) {
        throw graphError(
          80002,
          '(#80002) There have been too many calls to this Instagram account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
        );
      }
      recentCalls(account).push(now());
      if (req.method !== 'GET') throw unsupportedGet(segments[0] ?? '', (req.method ?? 'post').toLowerCase());
      const call: Call = {
        base: `${req.headers.host ? `http://${req.headers.host}` : origin}${version}`,
        query: Object.fromEntries(url.searchParams),
        token,
        account,
      };
      if (!call.token.scopes.includes(BASIC)) throw noPermission();
      if (segments.length < 1 || segments.length > 2) throw graphError(2500, `Unknown path components: ${path}`);
      const target = resolve(call, segments[0] as string);
      const body = segments[1] ? edge(call, target, segments[1], path) : node(call, target);
      sendJson(res, 200, body, usageHeaders(account));
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      if (error.defect) {
        const { access_token: _token, ...query } = Object.fromEntries(url.searchParams);
        const defect = { path, query, message: String(error.body.message) };
        defects.push(defect);
        recordDefect(defect);
      }
      sendJson(res, error.status, { error: error.body }, usageHeaders(account));
    }
  }

  function tokenEndpoint(res: ServerResponse, answer: () => unknown) {
    try {
      sendJson(res, 200, answer());
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      sendJson(res, error.status, { error: error.body });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const query = Object.fromEntries(url.searchParams);
    const bearer = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const token = query.access_token || bearer;
    const method = req.method ?? 'GET';
    requests.push({ method, path: url.pathname, query, ...(token ? { token } : {}) });
    const bare = url.pathname.replace(/^\/v\d+\.\d+(?=\/)/, '');
    if (url.pathname === '/oauth/authorize' && method === 'GET') return authorizePage(res, query);
    if (url.pathname === '/oauth/authorize' && method === 'POST') {
      return decide(res, formFields(await readBody(req), req.headers['content-type'] ?? ''));
    }
    if (url.pathname === '/oauth/access_token' && method === 'POST') {
      return exchangeCode(res, formFields(await readBody(req), req.headers['content-type'] ?? ''));
    }
    if (bare === '/access_token') return tokenEndpoint(res, () => exchangeShortToken(query));
    if (bare === '/refresh_access_token') return tokenEndpoint(res, () => refreshLongToken(query, bearer));
    return graph(req, res, url, token);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug in the fake, not a platform answer: say so plainly.
      if (res.headersSent) res.end();
      else sendJson(res, 500, { error: { message: String(error), type: 'FakeInstagramError', code: 1 } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${host}:${address.port}`;

  return {
    url: origin,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
    revoke(username) {
      const account = findAccount(username);
      for (const token of tokens.values()) if (token.account === account) token.revoked = true;
    },
    throttle(n) {
      throttleLeft = n;
    },
    fail(n) {
      failLeft = n;
    },
    hangAt(when) {
      hangWhen = when;
      return new Promise<void>((resolve) => {
        hangBegan = resolve;
      });
    },
    recover() {
      hanging = false;
    },
    account: findAccount,
    defects,
    block(n, code) {
      blockLeft = n;
      blockCode = code;
    },
    checkpoint(username, subcode) {
      checkpointed.set(findAccount(username), subcode);
    },
    breakMedia(mediaId) {
      broken.add(mediaId);
    },
    signedRequest,
    async removeApp(username, callbackUrl) {
      const body = new URLSearchParams({ signed_request: signedRequest(username) });
      const answer = await fetch(callbackUrl, { method: 'POST', body });
      for (const token of tokens.values()) if (token.account === findAccount(username)) token.revoked = true;
      return answer;
    },
    requestDeletion(username, callbackUrl) {
      return fetch(callbackUrl, {
        method: 'POST',
        body: new URLSearchParams({ signed_request: signedRequest(username) }),
      });
    },
  };
}

// Configuration from environment variables; every one has a default (docs/configuration.md).
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import * as z from 'zod/mini';
import english from 'zod/v4/locales/en.js';
import type { ImportQuota } from './analysis/import-quota.ts';
import type { JobSettings } from './app.ts';
import { deploymentProblems, isLoopbackHost } from './deployment.ts';
import { type AccountLimits, DEFAULT_ACCOUNT_LIMITS } from './http/account-limits.ts';
import { parseMediaHosts } from './media/proxy.ts';
import { pushServiceHosts } from './push/hosts.ts';
import type { PushSettings } from './push/settings.ts';
import { OFFICIAL_API_VERSION, OFFICIAL_MEDIA_HOSTS, type OfficialSettings } from './source/official/settings.ts';

export const envSchema = z.object({
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535)), 8080),
  HOST: z._default(z.string(), '127.0.0.1'),
  DATA_DIR: z._default(z.string(), './data'),
  DATABASE_URL: z.optional(z.string().check(z.minLength(1))),
  STATIC_DIR: z._default(z.string(), './dist'),
  SERVE_APP: z._default(z.enum(['true', 'false']), 'true'),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  SUPPORT_EMAIL: z._default(z.string(), 'support@followscope.app'),
  NODE_ENV: z._default(z.string(), 'development'),
  SMTP_URL: z.optional(z.string().check(z.minLength(1))),
  MAIL_FROM: z._default(z.string(), 'Followscope <no-reply@followscope.app>'),
  LIMIT_CODE_SENDS_PER_IP: z._default(z.coerce.number().check(z.int(), z.positive()), 10),
  LIMIT_CODE_CHECKS_PER_IP: z._default(z.coerce.number().check(z.int(), z.positive()), 30),
  SEED_DEMO: z.optional(z.enum(['true', 'false'])),
  DEV_ENDPOINTS: z._default(z.enum(['auto', 'on', 'off']), 'auto'),
  DEV_SECRET: z.optional(z.string().check(z.regex(/^[\w-]{16,100}$/))),
  PAYMENTS: z.optional(z.enum(['sandbox', 'recurly'])),
  SAMPLE_NETWORK: z.optional(z.enum(['on', 'off'])),
  TRUST_PROXY: z._default(z.string(), 'false'),
  PAYMENT_ATTEMPTS_PER_IP: z._default(z.coerce.number().check(z.int(), z.positive()), 5),
  CAPTCHA: z._default(z.enum(['auto', 'always', 'never']), 'auto'),
  RECURLY_API_KEY: z.optional(z.string().check(z.minLength(1))),
  RECURLY_API_URL: z.optional(z.string().check(z.minLength(1))),
  RECURLY_WEBHOOK_KEY: z.optional(z.string().check(z.minLength(1))),
  SOURCE_PAGES_PER_SECOND: z._default(z.coerce.number().check(z.positive()), 200),
  SOURCE_LATENCY_MS: z._default(z.coerce.number().check(z.gte(0)), 0),
  SOURCE_FAILURE_RATE: z._default(z.coerce.number().check(z.gte(0), z.lte(1)), 0),
  OPENAI_BASE_URL: z.optional(z.url()),
  OPENAI_API_KEY: z.optional(z.string().check(z.minLength(1))),
  OPENAI_MODEL: z.optional(z.string().check(z.minLength(1))),
  MEDIA_HOSTS: z.optional(z.string()),
  VITE_NETWORK_BASE_URL: z.optional(z.url()),
  INSIGHTS_PER_DAY: z._default(z.coerce.number().check(z.int(), z.positive()), 5),
  IMPORT_QUOTA_CHUNKS: z._default(z.coerce.number().check(z.int(), z.positive()), 250),
  IMPORT_QUOTA_MB: z._default(z.coerce.number().check(z.int(), z.positive()), 256),
  SHUTDOWN_GRACE_MS: z._default(z.coerce.number().check(z.int(), z.gte(0)), 10_000),
  FROZEN_CLOCK: z.optional(z.iso.datetime()),
  ROLE: z._default(z.enum(['all', 'api', 'worker']), 'all'),
  JOB_LEASE_MS: z._default(z.coerce.number().check(z.int(), z.gte(1_000)), 15_000),
  WORKER_CONCURRENCY: z._default(z.coerce.number().check(z.int(), z.positive(), z.lte(64)), 4),
  JOB_POLL_MS: z._default(z.coerce.number().check(z.int(), z.gte(50)), 500),
  INSTAGRAM_APP_ID: z.optional(z.string().check(z.regex(/^\d{1,20}$/))),
  INSTAGRAM_APP_SECRET: z.optional(z.string().check(z.minLength(1))),
  INSTAGRAM_REDIRECT_URI: z.optional(z.url()),
  INSTAGRAM_AUTH_URL: z._default(z.url(), 'https://www.instagram.com/oauth/authorize'),
  INSTAGRAM_TOKEN_URL: z._default(z.url(), 'https://api.instagram.com/oauth/access_token'),
  INSTAGRAM_GRAPH_URL: z._default(z.url(), 'https://graph.instagram.com'),
  INSTAGRAM_API_VERSION: z._default(z.string().check(z.regex(/^v\d+\.\d+$/)), OFFICIAL_API_VERSION),
  OFFICIAL_TOKEN_KEY: z.optional(z.string().check(z.regex(/^[A-Za-z0-9+/]{43}=$/))),
  PUSH: z._default(z.enum(['on', 'off']), 'on'),
  // A P-256 public key uncompressed (65 bytes) and its private key (32 bytes), base64url as web-push makes them.
  VAPID_PUBLIC_KEY: z.optional(z.string().check(z.regex(/^B[A-Za-z0-9_-]{86}$/))),
  VAPID_PRIVATE_KEY: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))),
  VAPID_SUBJECT: z.optional(z.string().check(z.regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/))),
  PUSH_SERVICE_HOSTS: z.optional(z.string()),
  PUBLIC_URL: z.optional(z.url({ protocol: /^https?$/ })),
  // Issue 52: a bearer token for GET /metrics from another machine (24 to 200 letters, digits, - and _).
  METRICS_TOKEN: z.optional(z.string().check(z.regex(/^[\w-]{24,200}$/))),
});

export interface Config {
  port: number;
  host: string;
  /** Where the embedded database and other files live. */
  dataDir: string;
  /** PostgreSQL instead of the embedded database when set. */
  databaseUrl: string | undefined;
  /** The built PWA that the server serves, unless SERVE_APP=false (the dev server serves it then). */
  staticDir: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** How long a shutdown waits for open connections before it closes them. */
  shutdownGraceMs: number;
  /** What this process does: the API, the analysis jobs, or both (one process, the default). */
  role: 'all' | 'api' | 'worker';
  /** Development and tests only: the clock stands at this instant (ms) in every process. */
  frozenClock: number | undefined;
  jobs: JobSettings;
  supportEmail: string;
  /**
   * The address people open the app at (issue 48: a login mail's sign-in link points there). Required in
   * production; outside it, unset, a link names the address the request came to.
   */
  publicUrl: string | undefined;
  /**
   * GET /metrics (issue 52): with a token, to a request bearing it from anywhere; without one, only to
   * this machine and never through a proxy.
   */
  metricsToken?: string | undefined;
  /** NODE_ENV=production: no development endpoint, no moved clock, and the start checks what production needs. */
  production: boolean;
  /**
   * The development endpoints (/dev/*: the mail outbox, making accounts, the clock, the sample network's
   * truth): never in production, and otherwise only on a loopback address unless DEV_ENDPOINTS=on.
   */
  devEndpoints: boolean;
  /**
   * The key every request to a development endpoint carries (issue 32): made at each start unless
   * DEV_SECRET gives it (several processes, or tests, share one), and printed with the start line.
   */
  devSecret: string;
  /** Real mail through this SMTP server; unset, mail stays in the dev outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Per-IP limits per 15 minutes, on asking for codes and on checking them. */
  limits: { codeSendsPerIp: number; codeChecksPerIp: number };
  /** Per-account limits on expensive routes (issue 32; docs/security.md "Limits per account"). */
  accountLimits: AccountLimits;
  /** Seeds the demo accounts (README "The demo"): by default outside production only, with the sample network. */
  seedDemo: boolean;
  /**
   * The sample network (a simulation for demos and tests) answers its own usernames; off, no account
   * is shown a sample figure (SAMPLE_NETWORK: on by default outside production, off in production).
   */
  sampleNetwork: boolean;
  /**
   * Whose X-Forwarded-For to believe (issue 54): the addresses or networks of the proxies you run, and
   * only the hops they add; `true` (every hop) outside production only; `false`, nobody's.
   */
  trustProxy: boolean | string[];
  billing: {
    /** spec §9: payment attempts per IP per 10 minutes. */
    attemptsPerIp: number;
    /** When the human check is asked for: after a failed attempt (auto), always, or never. */
    captcha: 'auto' | 'always' | 'never';
    /** Who charges cards: the sandbox (test cards only) or Recurly. */
    gateway: 'sandbox' | 'recurly';
    recurlyApiKey: string | undefined;
    /** Another Recurly API base (a proxy, or a local server in tests). */
    recurlyApiUrl: string | undefined;
    recurlyWebhookKey: string | undefined;
  };
  /** The sample network's pace: pages per second before "slow down", latency, and injected failures. */
  source: { pagesPerSecond: number; latencyMs: number; failureRate: number };
  /** Hosts the media proxy may fetch from, besides the sample network's own (served in-process). */
  mediaHosts: string[];
  /** The network's host when the app is built for another one (the downloader accepts its links). */
  networkHosts: string[];
  insights: {
    /** An OpenAI-compatible chat completion writes the insight when all three are set. */
    openai: { baseUrl: string; apiKey: string; model: string } | undefined;
    /** Insight summaries one user may ask for per day (each may cost a model call). */
    perDay: number;
  };
  /** Issue 32: what one account's uploads not yet committed may store, in chunks and bytes. */
  importQuota: ImportQuota;
  /** The network's official API (issue 18): unset, the dashboard offers no "Connect your account". */
  official: OfficialSettings | undefined;
  /** Web Push of the day's changes (issue 33); undefined with PUSH=off. */
  push: PushSettings | undefined;
}

/**
 * TRUST_PROXY as Fastify takes it (issue 54): `false`; `true` outside production; or a comma-separated list
 * of addresses and networks (`127.0.0.1`, `10.0.0.0/8`, `::1`), checked here so a typo stops the start.
 */
function trustedProxies(value: string, problems: string[], production = false): boolean | string[] {
  const setting = value.trim().toLowerCase();
  if (setting === 'false') return false;
  const accepted =
    'accepted: false, or the proxies’ addresses or networks, comma-separated (e.g. 127.0.0.1,10.0.0.0/8)';
  if (setting === 'true') {
    if (!production) return true;
    problems.push(
      `TRUST_PROXY: true believes every hop of X-Forwarded-For, so any client can pick the address its limits count; ${accepted}`,
    );
    return false;
  }
  const entries = setting.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !(ipaddr.isValid(entry) || ipaddr.isValidCIDR(entry)));
  if (entries.length === 0 || bad.length > 0) {
    problems.push(`TRUST_PROXY: ${bad.join(', ') || 'empty'} is not an address or network; ${accepted}`);
    return false;
  }
  return entries;
}

/**
 * Reads the configuration. A bad value, or in production a missing setting production needs, stops the
 * start with a message naming the variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // In English, with what each setting accepts: "expected one of", a bound, a pattern (issue 54).
  const parsed = envSchema.safeParse(env, { error: english().localeError });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const sampleNetwork = e.SAMPLE_NETWORK ? e.SAMPLE_NETWORK === 'on' : !production;
  const problems = deploymentProblems(e, production);
  let serviceHosts: PushSettings['serviceHosts'] = [];
  try {
    serviceHosts = pushServiceHosts(e.PUSH_SERVICE_HOSTS);
  } catch (error) {
    problems.push(`PUSH_SERVICE_HOSTS: ${(error as Error).message}`);
  }
  const trustProxy = trustedProxies(e.TRUST_PROXY, problems, production);
  if (problems.length > 0) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    staticDir: e.SERVE_APP === 'true' ? resolve(e.STATIC_DIR) : undefined,
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    role: e.ROLE,
    frozenClock: e.FROZEN_CLOCK ? Date.parse(e.FROZEN_CLOCK) : undefined,
    jobs: { leaseMs: e.JOB_LEASE_MS, concurrency: e.WORKER_CONCURRENCY, pollMs: e.JOB_POLL_MS },
    supportEmail: e.SUPPORT_EMAIL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    metricsToken: e.METRICS_TOKEN,
    production,
    devEndpoints: !production && (e.DEV_ENDPOINTS === 'on' || (e.DEV_ENDPOINTS === 'auto' && isLoopbackHost(e.HOST))),
    devSecret: e.DEV_SECRET ?? randomBytes(16).toString('base64url'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    limits: { codeSendsPerIp: e.LIMIT_CODE_SENDS_PER_IP, codeChecksPerIp: e.LIMIT_CODE_CHECKS_PER_IP },
    accountLimits: DEFAULT_ACCOUNT_LIMITS,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : sampleNetwork,
    sampleNetwork,
    trustProxy,
    billing: {
      attemptsPerIp: e.PAYMENT_ATTEMPTS_PER_IP,
      captcha: e.CAPTCHA,
      gateway: e.PAYMENTS ?? (e.RECURLY_API_KEY ? 'recurly' : 'sandbox'),
      recurlyApiKey: e.RECURLY_API_KEY,
      recurlyApiUrl: e.RECURLY_API_URL,
      recurlyWebhookKey: e.RECURLY_WEBHOOK_KEY,
    },
    source: {
      pagesPerSecond: e.SOURCE_PAGES_PER_SECOND,
      latencyMs: e.SOURCE_LATENCY_MS,
      failureRate: e.SOURCE_FAILURE_RATE,
    },
    // The official API's media come from the network's CDN hosts, under these two names.
    mediaHosts: parseMediaHosts([e.MEDIA_HOSTS, e.INSTAGRAM_APP_ID && OFFICIAL_MEDIA_HOSTS].filter(Boolean).join(',')),
    networkHosts: e.VITE_NETWORK_BASE_URL ? [new URL(e.VITE_NETWORK_BASE_URL).hostname.toLowerCase()] : [],
    insights: {
      openai:
        e.OPENAI_BASE_URL && e.OPENAI_API_KEY && e.OPENAI_MODEL
          ? { baseUrl: e.OPENAI_BASE_URL, apiKey: e.OPENAI_API_KEY, model: e.OPENAI_MODEL }
          : undefined,
      perDay: e.INSIGHTS_PER_DAY,
    },
    importQuota: { chunks: e.IMPORT_QUOTA_CHUNKS, bytes: e.IMPORT_QUOTA_MB * 1_048_576 },
    official:
      e.INSTAGRAM_APP_ID && e.INSTAGRAM_APP_SECRET && e.INSTAGRAM_REDIRECT_URI
        ? {
            appId: e.INSTAGRAM_APP_ID,
            appSecret: e.INSTAGRAM_APP_SECRET,
            redirectUri: e.INSTAGRAM_REDIRECT_URI,
            authUrl: e.INSTAGRAM_AUTH_URL,
            tokenUrl: e.INSTAGRAM_TOKEN_URL,
            graphUrl: e.INSTAGRAM_GRAPH_URL,
            version: e.INSTAGRAM_API_VERSION,
            tokenKey: e.OFFICIAL_TOKEN_KEY ? Buffer.from(e.OFFICIAL_TOKEN_KEY, 'base64') : undefined,
          }
        : undefined,
    push:
      e.PUSH === 'on'
        ? {
            vapid:
              e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT
                ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
                : undefined,
            serviceHosts,
          }
        : undefined,
  };
}

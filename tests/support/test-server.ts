// Builds a server for tests: a fresh database, seeded, with a clock the test moves by hand. The database is
// in-memory PGlite, or in the `server-pg` test project a copy of a migrated template on PostgreSQL 15.
import { openAsBlob } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, inject } from 'vitest';
import { type AppDeps, buildApp, defaultJobSettings } from '../../server/app.ts';
import { issueToken } from '../../server/auth/tokens.ts';
import { type DatabaseHandle, openDatabase } from '../../server/db/client.ts';
import { users } from '../../server/db/schema.ts';
import { seed, seedDemoUsers } from '../../server/db/seed.ts';
import { DEFAULT_ACCOUNT_LIMITS } from '../../server/http/account-limits.ts';
import { loadCoreFromDisk } from '../../wasm/node.ts';
import { devKeyHeaders, TEST_DEV_SECRET } from './dev-key.ts';
import { createDatabase } from './postgres.ts';

export interface TestServer {
  app: FastifyInstance;
  /** The server's database (PGlite in memory, or PostgreSQL in the `server-pg` project). */
  database: DatabaseHandle;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  now(): Date;
  close(): Promise<void>;
}

export const testSettings: AppDeps['settings'] = {
  supportEmail: 'support@followscope.test',
  publicUrl: 'https://app.followscope.test',
  production: false,
  devEndpoints: true,
  devSecret: TEST_DEV_SECRET,
  sampleNetwork: true,
  limits: { codeSendsPerIp: 1000, codeChecksPerIp: 1000 },
  accountLimits: DEFAULT_ACCOUNT_LIMITS,
  smtpUrl: undefined,
  mailFrom: 'Followscope <no-reply@followscope.test>',
  trustProxy: false,
  billing: {
    attemptsPerIp: 5,
    captcha: 'never',
    gateway: 'sandbox',
    recurlyApiKey: undefined,
    recurlyApiUrl: undefined,
    recurlyWebhookKey: 'test-webhook-key',
  },
  source: { pagesPerSecond: 100_000, latencyMs: 0, failureRate: 0 },
  insights: { openai: undefined, perDay: 5 },
  mediaHosts: [],
  official: undefined,
  networkHosts: [],
  push: undefined,
  importQuota: { chunks: 250, bytes: 256 * 1_048_576 },
};

/**
 * A test's request to a development endpoint carries the key (issue 32), as the end-to-end tests' do;
 * one that names the key itself (an empty or wrong one, in the header or the query) is sent as it is.
 */
function sendingDevKey(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => ReturnType<FastifyInstance['inject']>;
  const withKey = (options: InjectOptions | string): InjectOptions | string => {
    const given = typeof options === 'string' ? { url: options } : options;
    const url = typeof given.url === 'string' ? given.url : '';
    const named = Object.keys(given.headers ?? {}).some((name) => name in devKeyHeaders) || /[?&]key=/.test(url);
    if (!url.startsWith('/dev/') || named) return options;
    return { ...given, headers: { ...given.headers, ...devKeyHeaders } };
  };
  app.inject = ((options: InjectOptions | string) => inject(withKey(options))) as FastifyInstance['inject'];
}

/** What the test project provided; undefined outside vitest (a bench builds its server with this file too). */
function provided<K extends 'followscopePostgres' | 'followscopePgliteTemplate'>(key: K) {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/** The PostgreSQL server of the `server-pg` test project; undefined in the PGlite project. */
export function testPostgres() {
  return provided('followscopePostgres');
}

let pgliteTemplate: Promise<Blob | undefined> | undefined;

/** The `unit` project's dumped migrated database (tests/support/pglite-setup.ts), read once a file. */
function readPgliteTemplate(): Promise<Blob | undefined> {
  const file = provided('followscopePgliteTemplate');
  pgliteTemplate ??= file ? openAsBlob(file) : Promise.resolve(undefined);
  return pgliteTemplate;
}

/**
 * A fresh, migrated, empty database: in-memory PGlite started from the migrated dump, or in the
 * `server-pg` project a new PostgreSQL database copied from the migrated template, dropped again by
 * `close()`.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const postgres = testPostgres();
  if (!postgres) return openDatabase({ memory: true, from: await readPgliteTemplate() });
  const created = await createDatabase(postgres.adminUrl, { template: postgres.template });
  try {
    const database = await openDatabase({ url: created.url });
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          await created.drop();
        }
      },
    };
  } catch (error) {
    await created.drop().catch(() => undefined);
    throw error;
  }
}

/** A seeded server on a fresh test database (openTestDatabase); `overrides` replace any dependency. */
export async function startTestServer(overrides: Partial<AppDeps> = {}): Promise<TestServer> {
  let time = Date.UTC(2026, 10, 20, 12, 0, 0);
  const database = await openTestDatabase();
  let app: FastifyInstance;
  try {
    await seed(database.db);
    await seedDemoUsers(database.db);
    app = await buildApp({
      database,
      core: await loadCoreFromDisk(),
      version: '9.9.9',
      settings: testSettings,
      clock: () => new Date(time),
      logLevel: 'silent',
      // A test's own analysis answers when it ends, however loaded the machine (the 20 s "still running"
      // of issue 54 is tested on its own, server/analysis/still-running.test.ts).
      jobs: { ...defaultJobSettings, answerWithinMs: 10 * 60_000 },
      ...overrides,
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  sendingDevKey(app);
  return {
    app,
    database,
    advance: (ms) => {
      time += ms;
    },
    now: () => new Date(time),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A fresh server per test, closed after it: `harness.start()` in a test, then `harness.app` and
 * `harness.server`.
 */
export function serverPerTest() {
  const harness = {
    server: undefined as unknown as TestServer,
    app: undefined as unknown as FastifyInstance,
    async start(overrides: Partial<AppDeps> = {}) {
      harness.server = await startTestServer(overrides);
      harness.app = harness.server.app;
    },
  };
  afterEach(async () => {
    await harness.server?.close();
    harness.server = undefined as unknown as TestServer;
  });
  return harness;
}

/** A subscribed account on `server`, `username@example.com`, with a token and its Authorization header. */
export async function subscribedAccount(server: TestServer, username: string) {
  const db = server.app.services.db;
  const [user] = await db
    .insert(users)
    .values({ email: `${username}@example.com`, username, isSubscribed: true })
    .returning();
  if (!user) throw new Error('no user');
  const token = await issueToken(db, user.id, server.now());
  return { user, token, authorization: `Bearer ${token}` };
}

// Builds a server for tests: in-memory database, seeded, with a clock the test moves by hand.
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { loadCoreFromDisk } from '../wasm/node.ts';
import { type AppDeps, buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seed, seedDemoUsers } from './db/seed.ts';

export interface TestServer {
  app: FastifyInstance;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  now(): Date;
  close(): Promise<void>;
}

export const testSettings: AppDeps['settings'] = {
  supportEmail: 'support@followscope.test',
  production: false,
  limits: { codeSendsPerIp: 1000, codeChecksPerIp: 1000 },
  smtpUrl: undefined,
  mailFrom: 'Followscope <no-reply@followscope.test>',
  trustProxy: false,
  billing: {
    attemptsPerIp: 5,
    captcha: 'never',
    recurlyApiKey: undefined,
    recurlyApiUrl: undefined,
    recurlyWebhookKey: 'test-webhook-key',
  },
  source: { pagesPerSecond: 100_000, latencyMs: 0, failureRate: 0 },
  insights: { openai: undefined, perDay: 5 },
  mediaHosts: [],
  networkHosts: [],
};

/** A seeded server on an in-memory database; `overrides` replace any dependency. */
export async function startTestServer(overrides: Partial<AppDeps> = {}): Promise<TestServer> {
  let time = Date.UTC(2026, 10, 20, 12, 0, 0);
  const database = await openDatabase({ memory: true });
  await seed(database.db);
  await seedDemoUsers(database.db);
  const app = await buildApp({
    database,
    core: await loadCoreFromDisk(),
    version: '9.9.9',
    settings: testSettings,
    clock: () => new Date(time),
    logLevel: 'silent',
    ...overrides,
  });
  return {
    app,
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

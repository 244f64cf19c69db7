import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { DEFAULT_ACCOUNT_LIMITS } from './http/account-limits.ts';

describe('configuration', () => {
  it('has a default for every variable', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      staticDir: resolve('./dist'),
      logLevel: 'info',
      shutdownGraceMs: 10_000,
      role: 'all',
      frozenClock: undefined,
      jobs: { leaseMs: 15_000, concurrency: 4, pollMs: 500 },
      supportEmail: 'support@followscope.app',
      production: false,
      devEndpoints: true,
      // Made at start when DEV_SECRET is not given (issue 32).
      devSecret: expect.stringMatching(/^[\w-]{22}$/),
      smtpUrl: undefined,
      mailFrom: 'Followscope <no-reply@followscope.app>',
      limits: { codeSendsPerIp: 10, codeChecksPerIp: 30 },
      accountLimits: DEFAULT_ACCOUNT_LIMITS,
      seedDemo: true,
      sampleNetwork: true,
      trustProxy: false,
      billing: {
        attemptsPerIp: 5,
        captcha: 'auto',
        gateway: 'sandbox',
        recurlyApiKey: undefined,
        recurlyApiUrl: undefined,
        recurlyWebhookKey: undefined,
      },
      source: { pagesPerSecond: 200, latencyMs: 0, failureRate: 0 },
      insights: { openai: undefined, perDay: 5 },
      // Issue 32: a 1M + 1M download (100 chunks, 28.5-154 MB) fits with room.
      importQuota: { chunks: 250, bytes: 256 * 1_048_576 },
      mediaHosts: [],
      networkHosts: [],
      // Issue 33: notifications on, with the database's own keys, to the browsers' push services.
      push: {
        vapid: undefined,
        serviceHosts: [
          { host: 'fcm.googleapis.com', port: 443 },
          { host: 'updates.push.services.mozilla.com', port: 443 },
          { host: '.notify.windows.com', port: 443 },
          { host: '.push.apple.com', port: 443 },
        ],
      },
    });
  });

  it('reads the role, the job settings and a frozen clock, and refuses what makes no sense', () => {
    const config = loadConfig({
      ROLE: 'worker',
      JOB_LEASE_MS: '5000',
      WORKER_CONCURRENCY: '8',
      JOB_POLL_MS: '250',
      FROZEN_CLOCK: '2026-11-20T12:00:00.000Z',
    });
    expect(config.role).toBe('worker');
    expect(config.jobs).toEqual({ leaseMs: 5000, concurrency: 8, pollMs: 250 });
    expect(config.frozenClock).toBe(Date.UTC(2026, 10, 20, 12));
    // Issue 54: a refused setting says what it accepts.
    expect(() => loadConfig({ ROLE: 'both' })).toThrow('ROLE: Invalid option: expected one of "all"|"api"|"worker"');
    expect(() => loadConfig({ JOB_LEASE_MS: '10' })).toThrow('JOB_LEASE_MS: Too small: expected number to be >=1000');
    expect(() => loadConfig({ FROZEN_CLOCK: 'tomorrow' })).toThrow(/FROZEN_CLOCK/);
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '9000', DATA_DIR: '/tmp/fs', DATABASE_URL: 'postgres://localhost/fs' });
    expect(config).toMatchObject({ port: 9000, dataDir: '/tmp/fs', databaseUrl: 'postgres://localhost/fs' });
  });

  it('uses an OpenAI-compatible model only when base URL, key and model are all set', () => {
    const all = { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'k', OPENAI_MODEL: 'm' };
    expect(loadConfig(all).insights.openai).toEqual({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm' });
    expect(loadConfig({ ...all, OPENAI_MODEL: undefined }).insights.openai).toBeUndefined();
    expect(() => loadConfig({ ...all, OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/);
  });

  it('serves only the API when SERVE_APP=false', () => {
    expect(loadConfig({ SERVE_APP: 'false' }).staticDir).toBeUndefined();
  });

  it('reads the import quota in chunks and megabytes', () => {
    expect(loadConfig({ IMPORT_QUOTA_CHUNKS: '3', IMPORT_QUOTA_MB: '1' }).importQuota).toEqual({
      chunks: 3,
      bytes: 1_048_576,
    });
    expect(() => loadConfig({ IMPORT_QUOTA_MB: '0' })).toThrow(/IMPORT_QUOTA_MB/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

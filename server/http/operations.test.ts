// Issue 54 item 6: what a balancer and a log collector read. Request ids unique across processes, or the
// trusted proxy's; the health check `draining` while a stop finishes; a database that cannot be reached is
// a 503 that says so on every route, never the spec's "high traffic".
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { startTestServer, testSettings } from '../../tests/support/test-server.ts';
import { translate } from '../i18n/messages.ts';
import { databaseUnreachable, registerErrorHandling } from './errors.ts';
import { isTrustedHop } from './request-ids.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('are new UUIDs, or the X-Request-Id a trusted proxy sent, on every answer', async () => {
    const server = await startTestServer({ settings: { ...testSettings, trustProxy: ['10.0.0.0/8'] } });
    try {
      const health = (remoteAddress: string, id?: string) =>
        server.app.inject({ url: '/api/v1/health', remoteAddress, headers: id ? { 'x-request-id': id } : {} });
      const first = (await health('198.51.100.7')).headers['x-request-id'];
      const second = (await health('198.51.100.7')).headers['x-request-id'];
      expect(first).toMatch(UUID);
      expect(second).toMatch(UUID);
      expect(first).not.toBe(second);
      expect((await health('10.1.2.3', 'nginx-7f3a.42')).headers['x-request-id']).toBe('nginx-7f3a.42');
      // From anyone else, or not an id (a log line's worth of text), a new one.
      expect((await health('198.51.100.7', 'forged-1')).headers['x-request-id']).toMatch(UUID);
      expect((await health('10.1.2.3', 'two words')).headers['x-request-id']).toMatch(UUID);
    } finally {
      await server.close();
    }
  });

  it('trust a hop by its address or network, IPv4-mapped addresses included', () => {
    expect(isTrustedHop('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(isTrustedHop('::ffff:10.9.8.7', ['10.0.0.0/8'])).toBe(true);
    expect(isTrustedHop('fd00::5', ['fd00::/8', '127.0.0.1'])).toBe(true);
    expect(isTrustedHop('11.0.0.1', ['10.0.0.0/8'])).toBe(false);
    expect(isTrustedHop('127.0.0.1', false)).toBe(false);
    expect(isTrustedHop(undefined, true)).toBe(true);
  });
});

describe('the health check', () => {
  it('says draining, with 503, once the process is told to stop', async () => {
    const server = await startTestServer();
    try {
      expect((await server.app.inject('/api/v1/health')).json()).toMatchObject({ status: 'ok' });
      server.app.draining = true;
      const draining = await server.app.inject('/api/v1/health');
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ status: 'draining', database: { status: 'ok' } });
      // The requests it was asked still answer while it drains.
      expect((await server.app.inject('/api/v1/list/plans/')).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('a database that cannot be reached', () => {
  it('is told from a connection refused, cut or shut down, through the errors that wrap it', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: refused });
    expect(databaseUnreachable(wrapped)).toBe(true);
    expect(databaseUnreachable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(databaseUnreachable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(databaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(databaseUnreachable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(databaseUnreachable(new TypeError('x is undefined'))).toBe(false);
  });

  it('answers 503 "temporarily unavailable" in the caller’s language, never the high-traffic message', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/down', async () => {
      throw Object.assign(new Error('Failed query'), {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    });
    app.get('/bug', async () => {
      throw new TypeError('a bug of ours');
    });
    const down = await app.inject({ url: '/down', headers: { 'accept-language': 'de' } });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({ message: translate('serviceUnavailable', 'de') });
    expect((await app.inject('/bug')).statusCode).toBe(500);
    await app.close();
  });
});

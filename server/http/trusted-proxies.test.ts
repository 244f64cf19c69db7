// Issue 54 item 1: only the proxies TRUST_PROXY names are believed, and only for the hops they add. A
// client that reaches the server directly, or puts an address of its choosing in front of the trusted
// hop's, is counted by its own address: per-IP limits cannot be dodged by sending a header.
import { describe, expect, it } from 'vitest';
import { startTestServer, testSettings } from '../../tests/support/test-server.ts';
import { loadConfig } from '../config.ts';

describe('TRUST_PROXY', () => {
  it('takes addresses and networks, refuses a typo with the accepted values, and true only outside production', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(
      /TRUST_PROXY: yes is not an address or network; accepted:/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example.com',
        PUBLIC_URL: 'https://app.example.com',
        PAYMENTS: 'sandbox',
        PUSH: 'off',
        TRUST_PROXY: 'true',
      }),
    ).toThrow(/TRUST_PROXY: true believes every hop.*e\.g\. 127\.0\.0\.1,10\.0\.0\.0\/8/);
  });

  it('believes only the trusted hop, so a forged X-Forwarded-For counts as its sender', async () => {
    const server = await startTestServer({
      settings: { ...testSettings, trustProxy: ['10.0.0.0/8'], limits: { codeSendsPerIp: 2, codeChecksPerIp: 2 } },
    });
    try {
      const send = (remoteAddress: string, forwarded?: string, email = 'a@example.com') =>
        server.app.inject({
          method: 'POST',
          url: '/api/v1/client/recover/username/',
          remoteAddress,
          payload: { email },
          headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
        });
      // A client straight at the port, forging a new address each time: counted by its own.
      expect((await send('198.51.100.7', '203.0.113.1', 'b@example.com')).statusCode).toBe(200);
      expect((await send('198.51.100.7', '203.0.113.2', 'c@example.com')).statusCode).toBe(200);
      expect((await send('198.51.100.7', '203.0.113.3', 'd@example.com')).statusCode).toBe(429);
      // Through the trusted proxy, the client's own address is counted: another client is not held back.
      expect((await send('10.0.0.5', '192.0.2.10', 'e@example.com')).statusCode).toBe(200);
      expect((await send('10.0.0.5', '192.0.2.10', 'f@example.com')).statusCode).toBe(200);
      expect((await send('10.0.0.5', '192.0.2.10', 'g@example.com')).statusCode).toBe(429);
      expect((await send('10.0.0.5', '192.0.2.11', 'h@example.com')).statusCode).toBe(200);
      // A forged address in front of the one the proxy added is not believed: still 192.0.2.10.
      expect((await send('10.0.0.5', '203.0.113.99, 192.0.2.10', 'i@example.com')).statusCode).toBe(429);
    } finally {
      await server.close();
    }
  });
});

// Issue 48 item 6: the request log never carries the development key, a code, a token or a body.
import { describe, expect, it } from 'vitest';
import { TEST_DEV_SECRET } from '../../tests/support/dev-key.ts';
import { startTestServer } from '../../tests/support/test-server.ts';
import { redactedUrl } from './log-redaction.ts';

describe('the request log', () => {
  it('redacts key, token, code and otp in a query, however they are spelled', () => {
    expect(redactedUrl('/dev/mail?to=a%40b.c&key=s3cret')).toBe('/dev/mail?to=a%40b.c&key=[redacted]');
    expect(redactedUrl('/x?TOKEN=1&Code=2&otp=3&%6Bey=4&page=5')).toBe(
      '/x?TOKEN=[redacted]&Code=[redacted]&otp=[redacted]&%6Bey=[redacted]&page=5',
    );
    expect(redactedUrl('/api/v1/health')).toBe('/api/v1/health');
    expect(redactedUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
  });

  it('writes neither the dev key of a request nor the body of a login', async () => {
    const lines: string[] = [];
    const server = await startTestServer({ logLevel: 'info', logStream: { write: (line) => lines.push(line) } });
    try {
      await server.app.inject(`/dev/mail?to=demo%40followscope.app&key=${TEST_DEV_SECRET}`);
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/client/insta/validateotp/?otp=4321',
        payload: { email: 'demo@followscope.app', otp: '1234' },
      });
      const log = lines.join('\n');
      expect(log).toContain('/dev/mail?to=demo%40followscope.app&key=[redacted]');
      expect(log).toContain('validateotp/?otp=[redacted]');
      expect(log).not.toContain(TEST_DEV_SECRET);
      expect(log).not.toContain('otp=4321');
      // No body: its fields would be logged by name.
      expect(log).not.toMatch(/"otp"|demo@followscope\.app"/);
    } finally {
      await server.close();
    }
  });
});

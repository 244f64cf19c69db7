// The share target's fallback (issues 33 and 48): a POST no service worker took is answered unread, and
// one another site sent is told apart by what the browser says of it, so the screen can say so.
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { shareTargetFallback } from './share-target.ts';

const app = Fastify();
// As the app has (issue 54's x-request-id): an async onSend hook, behind which an answer is not yet written.
app.addHook('onSend', async (_request, reply) => {
  reply.header('x-request-id', 'r');
});
shareTargetFallback(app);
afterAll(() => app.close());

const post = (headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/share-target',
    headers: { host: 'app.test', 'content-type': 'multipart/form-data; boundary=x', ...headers },
    payload: '--x\r\nContent-Disposition: form-data; name="download"; filename="a.zip"\r\n\r\nzip\r\n--x--\r\n',
  });

describe('a POST to the share target that reached the server', () => {
  it('from the share sheet or this app’s page says nothing arrived', async () => {
    const sent: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': 'same-origin', origin: 'https://app.test' },
      { origin: 'null' },
      {},
    ];
    for (const headers of sent) {
      const answer = await post(headers);
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe('/import?shared=none');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('from another site, a sibling on this site, or another origin says it was refused', async () => {
    const sent: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://blog.app.test' },
      { origin: 'https://evil.example' },
      { origin: 'not a url' },
    ];
    for (const headers of sent) {
      expect((await post(headers)).headers.location).toBe('/import?shared=refused');
    }
  });
});

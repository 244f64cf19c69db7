// The push sender against the local push service (tests/support/push-service.ts), which checks the VAPID
// JWT and decrypts the aes128gcm body as a browser's push service and the browser would.
import { Agent } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { type PushServiceDouble, startPushService } from '../../tests/support/push-service.ts';
import { endpointRefusal, pushServiceHosts } from './hosts.ts';
import { classify, type PushRequest, retryAfterMs, sendPush } from './send.ts';

const keys = webpush.generateVAPIDKeys();
const vapid = { ...keys, subject: 'mailto:support@followscope.test' };

describe('sending to a push service', () => {
  let service: PushServiceDouble;
  let options: PushRequest;
  beforeAll(async () => {
    service = await startPushService();
    options = {
      vapid,
      ttlSeconds: 86_400,
      urgency: 'normal',
      topic: 'digest',
      allowedHosts: pushServiceHosts(service.host),
      agent: new Agent({ ca: service.ca }),
    };
  });
  afterAll(() => service.close());

  it('delivers an encrypted, signed message the device can read', async () => {
    const device = service.subscribe(keys.publicKey);
    const outcome = await sendPush(device, JSON.stringify({ title: 'Ça change 🎉' }), options);
    expect(outcome).toEqual({ kind: 'sent' });
    const [message] = service.received.slice(-1);
    expect(message).toMatchObject({
      endpoint: device.endpoint,
      payload: '{"title":"Ça change 🎉"}',
      ttl: 86_400,
      urgency: 'normal',
      topic: 'digest',
      vapid: { aud: service.origin, sub: 'mailto:support@followscope.test', key: keys.publicKey },
    });
    // A push without data is a message too (the shortest there is).
    expect(await sendPush(device, null, options)).toEqual({ kind: 'sent' });
    expect(service.received.at(-1)?.payload).toBeNull();
  });

  it('sorts the service’s answers: gone, too large, try again (with Retry-After), refused', async () => {
    const device = service.subscribe();
    service.answerNext(410, { endpoint: device.endpoint });
    expect(await sendPush(device, 'x', options)).toEqual({ kind: 'gone', status: 410 });
    service.answerNext(429, { endpoint: device.endpoint, headers: { 'retry-after': '120' } });
    expect(await sendPush(device, 'x', options)).toEqual({ kind: 'retry', status: 429, retryAfterMs: 120_000 });
    service.answerNext(503, { endpoint: device.endpoint });
    expect(await sendPush(device, 'x', options)).toMatchObject({ kind: 'retry', status: 503 });
    // A body past the service's 4096 bytes is refused as too large.
    expect(await sendPush(device, 'y'.repeat(5000), options)).toEqual({ kind: 'tooLarge' });
    // Signed with another key than the one the device subscribed with.
    const other = service.subscribe(webpush.generateVAPIDKeys().publicKey);
    expect(await sendPush(other, 'x', options)).toMatchObject({ kind: 'refused', status: 403 });
  });

  it('never posts to a host it was not given, nor over plain http', async () => {
    const before = service.attempts.length;
    const device = service.subscribe();
    const elsewhere = { ...options, allowedHosts: pushServiceHosts(undefined) };
    expect(await sendPush(device, 'x', elsewhere)).toMatchObject({ kind: 'refused', reason: 'endpoint refused: host' });
    const plain = { ...device, endpoint: device.endpoint.replace('https:', 'http:') };
    expect(await sendPush(plain, 'x', options)).toMatchObject({ kind: 'refused', reason: 'endpoint refused: scheme' });
    expect(service.attempts.length).toBe(before);
  });

  it('trusts only the certificates it should, and gives up at its deadline', async () => {
    const device = service.subscribe();
    // Without the local service's certificate authority, the connection is refused, never sent in clear.
    expect(await sendPush(device, 'x', { ...options, agent: undefined })).toMatchObject({ kind: 'retry', status: 0 });
    // A service that never answers is left at the deadline.
    service.answerNext(0, { endpoint: device.endpoint });
    expect(await sendPush(device, 'x', { ...options, deadlineMs: 300 })).toMatchObject({ kind: 'retry', status: 0 });
  });
});

describe('the rules', () => {
  it('allows the browsers’ push services and the named hosts only', () => {
    const allowed = pushServiceHosts('push.example.org, 10.0.0.5:8443');
    const refusal = (url: string) => endpointRefusal(url, allowed);
    expect(refusal('https://fcm.googleapis.com/fcm/send/abc')).toBeUndefined();
    expect(refusal('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBeUndefined();
    expect(refusal('https://wns2-par02p.notify.windows.com/w/?token=abc')).toBeUndefined();
    expect(refusal('https://web.push.apple.com/QGm')).toBeUndefined();
    expect(refusal('https://push.example.org/p/1')).toBeUndefined();
    expect(refusal('https://10.0.0.5:8443/p/1')).toBeUndefined();
    expect(refusal('https://FCM.googleapis.com./fcm/send/abc')).toBeUndefined();
    expect(refusal('http://fcm.googleapis.com/fcm/send/abc')).toBe('scheme');
    expect(refusal('https://user:pw@fcm.googleapis.com/x')).toBe('credentials');
    expect(refusal('https://fcm.googleapis.com:8443/x')).toBe('host');
    expect(refusal('https://10.0.0.5/p/1')).toBe('host');
    expect(refusal('https://evil.com/?fcm.googleapis.com')).toBe('host');
    expect(refusal('https://fcm.googleapis.com.evil.com/x')).toBe('host');
    expect(refusal('https://notify.windows.com.evil.com/x')).toBe('host');
    expect(refusal('https://169.254.169.254/latest/meta-data')).toBe('host');
    expect(refusal('https://127.0.0.1/')).toBe('host');
    expect(refusal('not a url')).toBe('invalid');
    expect(() => pushServiceHosts('https://x.org/path')).toThrow(/not a host/);
  });

  it('reads Retry-After as seconds or a date, and sorts statuses', () => {
    const now = Date.UTC(2026, 10, 20, 12, 0, 0);
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs(new Date(now + 90_000).toUTCString(), now)).toBe(90_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(classify(201, undefined)).toEqual({ kind: 'sent' });
    expect(classify(404, undefined)).toEqual({ kind: 'gone', status: 404 });
    expect(classify(500, 5000)).toEqual({ kind: 'retry', status: 500, retryAfterMs: 5000 });
    expect(classify(400, undefined)).toMatchObject({ kind: 'refused', status: 400 });
    expect(classify(301, undefined)).toMatchObject({ kind: 'refused', status: 301 });
  });
});

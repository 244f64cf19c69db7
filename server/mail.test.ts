// Real SMTP delivery: a local SMTP server receives the code and the test logs in with it.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testSettings } from '../tests/support/test-server.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let smtpPort: number;
const inbox: Received[] = [];
/** Recipients the SMTP server refuses once, as a busy server would. */
const refuseOnce = new Set<string>();
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    // Plain SMTP on loopback, as a relay inside a private network would be.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuseOnce.delete(address.address)) return callback(new Error('451 try again later'));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  server = await startTestServer({ settings: { ...testSettings, smtpUrl: `smtp://127.0.0.1:${smtpPort}` } });
});

afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the login code to a real SMTP server, and that code logs in', async () => {
    const sent = await server.app.inject({
      method: 'POST',
      url: '/api/v1/client/insta/sendotp/',
      payload: { email: 'demo@followscope.app' },
    });
    expect(sent.statusCode).toBe(200);
    await server.app.services.mailer.drain();

    const mail = inbox.find((m) => m.to.includes('demo@followscope.app'));
    expect(mail?.from).toBe('no-reply@followscope.test');
    const code = mail?.raw.match(/Subject: Your Followscope code: (\d{4})/)?.[1];
    expect(code).toMatch(/^\d{4}$/);

    const login = await server.app.inject({
      method: 'POST',
      url: '/api/v1/client/insta/validateotp/',
      payload: { email: 'demo@followscope.app', otp: code },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().token).toBeTruthy();
  });

  it('keeps mail the SMTP server refused and sends it on the next try', async () => {
    const address = 'busy@example.com';
    refuseOnce.add(address);
    await server.app.inject({ method: 'POST', url: '/api/v1/client/insta/sendotp/', payload: { email: address } });
    await server.app.services.mailer.drain();
    const outbox = async () => (await server.app.inject(`/dev/mail?to=${address}`)).json()[0];
    expect((await outbox()).sent_at).toBeNull();
    expect(inbox.some((m) => m.to.includes(address))).toBe(false);

    // Not hammered again at once: it waits its backoff, then goes.
    await server.app.services.mailer.drain();
    expect((await outbox()).sent_at).toBeNull();
    server.advance(30_000);
    await server.app.services.mailer.drain();
    expect((await outbox()).sent_at).not.toBeNull();
    expect(inbox.some((m) => m.to.includes(address))).toBe(true);
  });

  it('sends a deleted account its confirmation, then forgets the row that named the address (issue 20)', async () => {
    const address = 'gone@example.com';
    await server.app.inject({ method: 'POST', url: '/dev/users', payload: { email: address, username: 'gone.now' } });
    await server.app.inject({ method: 'POST', url: '/api/v1/client/insta/sendotp/', payload: { email: address } });
    await server.app.services.mailer.drain();
    const code = inbox
      .findLast((m) => m.to.includes(address))
      ?.raw.match(/Subject: Your Followscope code: (\d{4})/)?.[1];
    const { token } = (
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/client/insta/validateotp/',
        payload: { email: address, otp: code },
      })
    ).json() as { token: string };
    const deleted = await server.app.inject({
      method: 'POST',
      url: '/api/v1/client/account/delete/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.statusCode).toBe(200);
    await server.app.services.mailer.drain();
    expect(inbox.findLast((m) => m.to.includes(address))?.raw).toContain(
      'Subject: Your Followscope account is deleted',
    );
    expect((await server.app.inject(`/dev/mail?to=${address}`)).json()).toEqual([]);
  });
});

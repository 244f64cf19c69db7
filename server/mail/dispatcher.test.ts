// Issue 35: a mail server that hangs never holds the database, a sender that dies leaves its mail to
// be taken up after its lease, and the SMTP deadlines turn a silent server into a retry.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalSmtp, startLocalSmtp } from '../../tests/support/smtp-server.ts';
import { openTestDatabase, serverPerTest, testSettings } from '../../tests/support/test-server.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { claimNextMail, MAIL_LEASE_MS, type MailDispatcher, startMailDispatcher } from './dispatcher.ts';
import { enqueueMail } from './outbox.ts';

const quiet = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const harness = serverPerTest();
let smtp: LocalSmtp | undefined;
let database: DatabaseHandle | undefined;
let dispatcher: MailDispatcher | undefined;

afterEach(async () => {
  await dispatcher?.stop();
  await database?.close();
  await smtp?.close();
  [smtp, database, dispatcher] = [undefined, undefined, undefined];
});

const codeMail = (to: string) => ({ to, kind: 'loginCode' as const, locale: 'en', subject: 'Your code', text: '1234' });

describe('mail dispatcher (issue 35)', () => {
  it('answers other requests while a hung mail server holds a login code, and delivers it once it is back', async () => {
    smtp = await startLocalSmtp();
    smtp.hanging = true;
    await harness.start({ settings: { ...testSettings, smtpUrl: smtp.url } });
    const { app, server } = harness;
    const address = 'waiting@example.com';
    const held = smtp.nextHeld();
    const asked = await app.inject({
      method: 'POST',
      url: '/api/v1/client/insta/sendotp/',
      payload: { email: address },
    });
    expect(asked.statusCode).toBe(200);
    await held;

    // The send is under way on the hung server. Reading the database still works: it could not if the
    // send held a transaction on the embedded database's only connection.
    const plans = await app.inject('/api/v1/list/plans/');
    expect(plans.statusCode).toBe(200);
    const outbox = async () => (await app.inject(`/dev/mail?to=${address}`)).json()[0];
    expect((await outbox()).sent_at).toBeNull();

    // The mail server comes back: the failed try waits its backoff, then the code goes, once.
    smtp.hanging = false;
    smtp.dropHeld();
    await app.services.mailer.drain();
    server.advance(30_000);
    await app.services.mailer.drain();
    expect((await outbox()).sent_at).not.toBeNull();
    expect(smtp.inbox.filter((mail) => mail.to.includes(address))).toHaveLength(1);
  });

  it("takes up a crashed sender's mail once its lease has run out", async () => {
    database = await openTestDatabase();
    const { db } = database;
    let now = Date.UTC(2026, 10, 20, 12);
    const clock = () => new Date(now);
    await enqueueMail(db, codeMail('lost@example.com'), clock());
    // A sender claims the mail and dies before sending it.
    expect((await claimNextMail(db, clock()))?.toAddress).toBe('lost@example.com');

    dispatcher = startMailDispatcher({ db, clock, log: quiet, smtpUrl: undefined, from: 'x@followscope.test' });
    const row = async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'lost@example.com')))[0];
    await dispatcher.drain();
    expect((await row())?.sentAt).toBeNull();
    now += MAIL_LEASE_MS;
    await dispatcher.drain();
    expect((await row())?.sentAt).not.toBeNull();
    expect((await row())?.attempts).toBe(0);
  });

  it('gives up on a mail server that never greets at its deadline, and retries later', async () => {
    smtp = await startLocalSmtp();
    smtp.hanging = true;
    database = await openTestDatabase();
    const { db } = database;
    const now = new Date(Date.UTC(2026, 10, 20, 12));
    await enqueueMail(db, codeMail('silent@example.com'), now);
    dispatcher = startMailDispatcher({
      db,
      clock: () => now,
      log: quiet,
      smtpUrl: smtp.url,
      from: 'x@followscope.test',
      // Short, so the test does not wait the real 10 s; what is asserted is the outcome, not the time.
      smtpTimeouts: { connectionTimeout: 5_000, greetingTimeout: 200, socketTimeout: 5_000 },
    });
    await dispatcher.drain();
    const [row] = await db.select().from(mailOutbox);
    expect(row).toMatchObject({ sentAt: null, attempts: 1 });
    expect(row?.lastError).toMatch(/greeting/i);
    expect(row?.nextAttemptAt?.getTime()).toBe(now.getTime() + 30_000);
  });
});

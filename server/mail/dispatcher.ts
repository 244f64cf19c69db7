// Sends queued mail: through SMTP (nodemailer) when SMTP_URL is set, else into the log, leaving the
// row as the dev outbox. A mail is claimed in one short statement that leases it (its next_attempt_at
// moves to the lease's end), sent with no transaction open, and its result written in another short
// statement (issue 35): a mail server that hangs never holds the database, whose embedded form has a
// single connection. A sender that dies mid-send leaves its lease, which runs out: the mail is sent then.
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { mailSends } from '../metrics.ts';

const MAX_ATTEMPTS = 5;
/** Waits 30 s after the first failure, then 1, 2, 4 minutes. */
const backoffMs = (attempts: number) => 30_000 * 2 ** attempts;
const POLL_MS = 2000;
/** Forgotten once sent: a deleted account's confirmation (issue 20: the account it went to no longer exists). */
const forgottenOnceSent = new Set<string>(['accountDeleted']);

/**
 * Deadlines of one SMTP conversation (nodemailer's defaults are 2 minutes to connect and 10 minutes of
 * silence). A relay answers a connection and its greeting within a second; 10 s each leaves room for a
 * busy one. 30 s of silence covers a relay that checks a message (spam, virus) after DATA, which RFC
 * 5321 §4.5.3.2 lets take minutes but in practice takes seconds; past it the mail is retried later.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
export type SmtpTimeouts = typeof SMTP_TIMEOUTS;

/**
 * A claimed mail is its sender's this long; after it, another sender may take it up. Longer than the
 * sum of the SMTP deadlines, so a live sender's mail is never sent twice.
 */
export const MAIL_LEASE_MS = 2 * 60_000;

type MailRow = typeof mailOutbox.$inferSelect;

/** Claims the oldest mail due, leasing it until `now + MAIL_LEASE_MS`; undefined when none is due. */
export async function claimNextMail(db: Database, now: Date): Promise<MailRow | undefined> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lt(mailOutbox.attempts, MAX_ATTEMPTS),
        or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(1)
    // Several processes on one PostgreSQL never claim one mail together.
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + MAIL_LEASE_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return claimed;
}

export interface MailDispatcher {
  /** Sends what is queued now, without waiting for the next poll. */
  kick(): void;
  /** Resolves when nothing queued is left to try (tests). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export interface DispatcherOptions {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
  /** The SMTP deadlines; SMTP_TIMEOUTS unless a test shortens them. */
  smtpTimeouts?: SmtpTimeouts;
}

/** Starts sending queued mail in the background. */
export function startMailDispatcher(options: DispatcherOptions): MailDispatcher {
  const { db, clock, log, smtpUrl, from } = options;
  const transport = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, ...(options.smtpTimeouts ?? SMTP_TIMEOUTS) })
    : undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function deliver(mail: MailRow): Promise<void> {
    if (!transport) {
      log.info({ to: mail.toAddress, subject: mail.subject, text: mail.bodyText }, 'mail kept in the dev outbox');
      return;
    }
    await transport.sendMail({
      from,
      to: mail.toAddress,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.bodyText,
    });
  }

  /** Sends the next mail due; false when none is. */
  async function sendNext(): Promise<boolean> {
    const mail = await claimNextMail(db, clock());
    if (!mail) return false;
    try {
      await deliver(mail);
      mailSends.inc({ outcome: 'sent' });
    } catch (error) {
      mailSends.inc({ outcome: 'failed' });
      log.warn({ err: error, to: mail.toAddress }, 'mail not sent; will retry');
      await db
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          nextAttemptAt: new Date(clock().getTime() + backoffMs(mail.attempts)),
          lastError: String(error),
        })
        .where(eq(mailOutbox.id, mail.id));
      return true;
    }
    // A deleted account's confirmation is the last row naming its address: it goes once sent.
    // Without SMTP the row is the dev outbox, where it is read, so it stays.
    if (transport && forgottenOnceSent.has(mail.kind)) await db.delete(mailOutbox).where(eq(mailOutbox.id, mail.id));
    else await db.update(mailOutbox).set({ sentAt: clock() }).where(eq(mailOutbox.id, mail.id));
    return true;
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          // A mail that fails waits its backoff, so this ends; a database failure waits for the next poll.
          while (!stopped && (await sendNext())) {}
        } catch (error) {
          log.error({ err: error }, 'mail dispatcher failed');
        }
      } while (again && !stopped);
      running = undefined;
    })();
    return running;
  }

  const timer = setInterval(() => void run(), POLL_MS);
  timer.unref();
  return {
    kick: () => void run(),
    drain: () => run(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport?.close();
    },
  };
}

// Sends queued mail: through SMTP (nodemailer) when SMTP_URL is set, else into the log, leaving the
// row as the dev outbox. Rows are claimed with SKIP LOCKED so several processes never send one twice.
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

const MAX_ATTEMPTS = 5;
/** Waits 30 s after the first failure, then 1, 2, 4 minutes. */
const backoffMs = (attempts: number) => 30_000 * 2 ** attempts;
const POLL_MS = 2000;
const BATCH = 20;
/** Mail kinds whose row is deleted once sent (issue 20: the account they went to no longer exists). */
const forgottenOnceSent = new Set<string>(['accountDeleted']);

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
}

/** Starts sending queued mail in the background. */
export function startMailDispatcher({ db, clock, log, smtpUrl, from }: DispatcherOptions): MailDispatcher {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function sendBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      const batch = await tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            isNull(mailOutbox.sentAt),
            lt(mailOutbox.attempts, MAX_ATTEMPTS),
            or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, clock())),
          ),
        )
        .orderBy(asc(mailOutbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const mail of batch) {
        try {
          if (transport) {
            await transport.sendMail({
              from,
              to: mail.toAddress,
              replyTo: mail.replyTo ?? undefined,
              subject: mail.subject,
              text: mail.bodyText,
            });
          } else {
            log.info({ to: mail.toAddress, subject: mail.subject, text: mail.bodyText }, 'mail kept in the dev outbox');
          }
          // A deleted account's confirmation is the last row naming its address: it goes once sent.
          // Without SMTP the row is the dev outbox, where it is read, so it stays.
          if (transport && forgottenOnceSent.has(mail.kind))
            await tx.delete(mailOutbox).where(eq(mailOutbox.id, mail.id));
          else await tx.update(mailOutbox).set({ sentAt: clock() }).where(eq(mailOutbox.id, mail.id));
        } catch (error) {
          log.warn({ err: error, to: mail.toAddress }, 'mail not sent; will retry');
          await tx
            .update(mailOutbox)
            .set({
              attempts: sql`${mailOutbox.attempts} + 1`,
              nextAttemptAt: new Date(clock().getTime() + backoffMs(mail.attempts)),
              lastError: String(error),
            })
            .where(eq(mailOutbox.id, mail.id));
        }
      }
      return batch.length;
    });
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
          // A full batch means more may be waiting; failures are retried at the next poll.
          while (!stopped && (await sendBatch()) === BATCH) {}
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

// The mail outbox: every mail is written here first, then sent by the dispatcher, so no request
// waits on a mail server and a known and an unknown address cost the same.
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import { CODE_WINDOW_MS, MAX_CODES_PER_WINDOW } from '../auth/policy.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { MailText } from './templates.ts';

export type MailKind =
  | 'loginCode'
  | 'noAccount'
  | 'username'
  | 'support'
  | 'subscriptionCancelled'
  | 'accountDeleted'
  | 'receipt'
  /** Issue 48: wrong codes were tried for the address. */
  | 'loginGuessed';

/**
 * Mails whose subject carries a secret (the login code is in its subject, so a phone's lock screen shows
 * it): the account export lists them without it (issue 32). The bodies are never exported.
 */
export const secretSubjects: ReadonlySet<string> = new Set<MailKind>(['loginCode']);

/** The mails anyone can have sent to an address by typing it in: the 3-in-15-minutes limit counts these. */
const askedForMail: MailKind[] = ['loginCode', 'noAccount', 'username'];

export interface OutgoingMail extends MailText {
  to: string;
  kind: MailKind;
  locale: string;
  replyTo?: string;
}

/** Queues a mail. */
export async function enqueueMail(db: Database, mail: OutgoingMail, now: Date): Promise<void> {
  await db.insert(mailOutbox).values({
    toAddress: mail.to,
    replyTo: mail.replyTo,
    kind: mail.kind,
    locale: mail.locale,
    subject: mail.subject,
    bodyText: mail.text,
    createdAt: now,
  });
}

/** Mail to one address, newest first (the dev outbox). */
export async function mailTo(db: Database, address: string) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(50);
  return rows.map((row) => ({
    to: row.toAddress,
    kind: row.kind,
    locale: row.locale,
    subject: row.subject,
    text: row.bodyText,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  }));
}

/** Whether an address has had its 3 account mails (codes, usernames, no-account notes) in 15 minutes. */
export async function hasTooManyMails(db: Database, address: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.toAddress, address),
        inArray(mailOutbox.kind, askedForMail),
        gt(mailOutbox.createdAt, new Date(now.getTime() - CODE_WINDOW_MS)),
      ),
    );
  return (row?.n ?? 0) >= MAX_CODES_PER_WINDOW;
}

// Delete my account (issue 20): every row about the account goes, except what the law asks us to keep:
// each payment's record (date, amount, currency, plan), detached from the person. The subscription is
// ended at the gateway first, so a failure there leaves everything as it was and the user can try again.
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Locale } from '../../common/locales.ts';
import type { UserRow } from '../auth/session-lookup.ts';
import { type BillingGateway, GatewayRefusal } from '../billing/gateway.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { loginCodes, loginFailures, mailOutbox, payments, subscriptions, users } from '../db/schema.ts';
import { accountDeletedMail } from '../mail/account-templates.ts';
import type { MailDispatcher } from '../mail/dispatcher.ts';
import { enqueueMail } from '../mail/outbox.ts';

export interface DeletionDeps {
  db: Database;
  clock: Clock;
  gateway: BillingGateway;
  mailer: MailDispatcher;
  log: { warn(details: object, message: string): void };
}

/**
 * What a payment keeps once its account is deleted: its id and key, kind, plan, amount, currency,
 * status and dates. Everything that named or could reach the person is blanked here.
 */
export const detachedPayment = {
  email: '',
  username: '',
  firstName: '',
  lastName: '',
  userId: null,
  paymentToken: '',
  actionTokenId: null,
  threeDsResultToken: null,
  // The stored answer repeats the email and, for a renewal, the whole user record.
  response: null,
} satisfies Partial<typeof payments.$inferInsert>;

/** Ends the account's subscriptions at the gateway at once and asks it to forget the person. */
async function endAtGateway(deps: DeletionDeps, user: UserRow): Promise<void> {
  const live = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), inArray(subscriptions.state, ['active', 'canceled'])));
  for (const row of live) {
    // A subscription sold by another gateway (before a switch) cannot be reached from here.
    if (row.gateway === deps.gateway.name) await deps.gateway.terminate(row.gatewayReference);
    else deps.log.warn({ subscription: row.id, gateway: row.gateway }, 'subscription of another gateway left running');
  }
  try {
    // The checkout names the gateway's account by our user id.
    await deps.gateway.forgetAccount(user.id);
  } catch (error) {
    // Its refusal (an unpaid invoice, say) must not keep the person's data here: the operator settles it.
    if (!(error instanceof GatewayRefusal)) throw error;
    deps.log.warn({ err: error, account: user.id }, 'the gateway would not erase the account; erase it by hand');
  }
}

/**
 * Deletes the account. Returns false when the gateway could not be reached (nothing is deleted then);
 * true once the rows are gone and the confirmation is queued.
 */
export async function deleteAccount(deps: DeletionDeps, user: UserRow, locale: Locale): Promise<boolean> {
  const { db, clock } = deps;
  try {
    await endAtGateway(deps, user);
  } catch (error) {
    deps.log.warn({ err: error, account: user.id }, 'account not deleted: the gateway failed');
    return false;
  }
  const now = clock();
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ ...detachedPayment, detachedAt: now })
      // By the account only: a payment someone else made with this address is theirs (issue 32).
      .where(eq(payments.userId, user.id));
    // Mail to the address, and support mail from it (its reply-to and its text carry the address).
    await tx.delete(mailOutbox).where(or(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.replyTo, user.email)));
    await tx.delete(loginCodes).where(eq(loginCodes.email, user.email));
    await tx.delete(loginFailures).where(eq(loginFailures.email, user.email));
    // Everything else about the account references the user and goes with it (ON DELETE CASCADE):
    // sessions, subscriptions, support messages, analyses with their chunks, parts, snapshots, lists,
    // imports and follow events, story pages, idempotency keys, the official API’s token and figures, and
    // the devices notified (push subscriptions).
    await tx.delete(users).where(eq(users.id, user.id));
  });
  const mail = accountDeletedMail[locale]({});
  await enqueueMail(db, { to: user.email, kind: 'accountDeleted', locale, ...mail }, now);
  deps.mailer.kick();
  return true;
}

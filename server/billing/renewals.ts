// Renewals (issue 34): when a subscription's period has ended, the gateway is asked how it stands; a
// period that now ends later is a renewal, recorded as a payment (the legal record, as the first one is)
// and receipted in the payer's language. Works the same for the sandbox, which counts its own periods,
// and for Recurly. Each renewal's payment is keyed by its subscription and date, so a sweep run twice,
// or by two workers at once, records and mails it once.
import { and, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { endOfPeriod } from '../../common/billing-periods.ts';
import type { Database } from '../db/client.ts';
import { payments, plans, subscriptions, users } from '../db/schema.ts';
import type { MailDispatcher } from '../mail/dispatcher.ts';
import { methodOf, renewsInto, sendReceipt, storedLocale } from './receipts.ts';
import type { TrialDeps } from './trial.ts';

export interface RenewalDeps extends TrialDeps {
  mailer: MailDispatcher;
  supportEmail: string;
}

/** Subscriptions looked at per sweep; the rest wait for the next one. */
const BATCH = 100;
/** Renewals recorded at most for one subscription in one sweep (a gateway that skipped years). */
const MOST_PERIODS = 120;

/** How the user last paid, for a renewal's receipt (rows before issue 34 are cards). */
async function lastMethod(db: Database, userId: string) {
  const [row] = await db
    .select({ method: payments.method })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'paid'), inArray(payments.kind, ['register', 'renew'])))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return methodOf(row?.method);
}

/** Records and receipts the renewals of subscriptions whose period has ended. Returns how many. */
export async function recordRenewals(deps: RenewalDeps, userId?: string): Promise<number> {
  const { db, clock, gateway } = deps;
  const due = await db
    .select({ subscription: subscriptions, plan: plans, email: users.email, username: users.username })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.planId, subscriptions.planCode))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.state, 'active'),
        eq(subscriptions.gateway, gateway.name),
        isNotNull(subscriptions.periodEndsAt),
        lte(subscriptions.periodEndsAt, clock()),
        userId === undefined ? undefined : eq(subscriptions.userId, userId),
      ),
    )
    .limit(BATCH);
  let recorded = 0;
  for (const { subscription, plan, email, username } of due) {
    const previousEnd = subscription.periodEndsAt as Date;
    // Asked outside any transaction; a gateway that has not renewed it yet is asked again next time.
    const term = await gateway.term(subscription.gatewayReference);
    if (term.state !== 'active' || !term.periodEndsAt || term.periodEndsAt <= previousEnd) continue;
    const period = await renewsInto(db, plan);
    const dates: Date[] = [];
    for (let n = 0; dates.length < MOST_PERIODS; n++) {
      const at = n === 0 ? previousEnd : endOfPeriod(period, previousEnd, n);
      if (at >= term.periodEndsAt) break;
      dates.push(at);
    }
    const method = await lastMethod(db, subscription.userId);
    for (const [index, chargedAt] of dates.entries()) {
      const [fresh] = await db
        .insert(payments)
        .values({
          idempotencyKey: `renewal:${subscription.id}:${chargedAt.toISOString()}`,
          kind: 'renewal',
          email,
          username,
          planCode: plan.planId,
          userId: subscription.userId,
          paymentToken: '',
          status: 'paid',
          amountCents: plan.unitAmountCents,
          currency: plan.currency,
          method,
          createdAt: chargedAt,
          updatedAt: clock(),
        })
        .onConflictDoNothing()
        .returning({ id: payments.id });
      if (!fresh) continue;
      recorded++;
      const nextChargeAt = dates[index + 1] ?? term.periodEndsAt;
      await sendReceipt(
        db,
        {
          to: email,
          locale: storedLocale(subscription.locale),
          plan,
          amountCents: plan.unitAmountCents,
          currency: plan.currency,
          method,
          chargedAt,
          renewal: true,
          nextChargeAt,
        },
        deps.supportEmail,
        clock(),
      );
    }
    await db
      .update(subscriptions)
      .set({ periodEndsAt: term.periodEndsAt })
      .where(eq(subscriptions.id, subscription.id));
  }
  if (recorded) deps.mailer.kick();
  return recorded;
}

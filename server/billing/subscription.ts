// A subscription's life after the checkout (issue 20): cancelled in one click, it runs to the end of the
// period paid for; kept before then, it renews again; past that end, access ends. The gateway (sandbox or
// Recurly) is asked first and our rows follow its answer, so the two never disagree about a renewal.
import { and, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { endOfPeriod } from '../../common/billing-periods.ts';
import type { Locale } from '../../common/locales.ts';
import type { PlanDetails } from '../../common/schema/billing.ts';
import { startsByOf, trialDaysOf } from '../../common/trial.ts';
import type { UserRow } from '../auth/session-lookup.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { plans, subscriptions, users } from '../db/schema.ts';
import { mailDate, subscriptionCancelledMail } from '../mail/account-templates.ts';
import type { MailDispatcher } from '../mail/dispatcher.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { BillingGateway, SubscriptionTerm } from './gateway.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface LifecycleDeps {
  db: Database;
  clock: Clock;
  gateway: BillingGateway;
  mailer: MailDispatcher;
}

/** What a cancel or a keep came to; 'nothing' and 'ended' are refusals the caller words. */
export type LifecycleOutcome = { kind: 'cancelled'; endsAt: Date } | { kind: 'kept' } | { kind: 'nothing' | 'ended' };

/**
 * Ends access where a cancelled subscription's end has passed: for one user, or (no id) for every
 * user, as a worker's sweep does. Returns the users whose access ended.
 */
export async function endLapsedSubscriptions(db: Database, now: Date, userId?: string): Promise<string[]> {
  const ended = await db
    .update(users)
    .set({ isSubscribed: false, subscriptionEndsAt: null })
    .where(
      and(
        isNotNull(users.subscriptionEndsAt),
        lte(users.subscriptionEndsAt, now),
        userId === undefined ? undefined : eq(users.id, userId),
      ),
    )
    .returning({ id: users.id });
  const ids = ended.map((row) => row.id);
  if (ids.length) {
    await db
      .update(subscriptions)
      .set({ state: 'expired' })
      .where(
        and(inArray(subscriptions.userId, ids), eq(subscriptions.state, 'canceled'), lte(subscriptions.endsAt, now)),
      );
  }
  return ids;
}

/** The user as of `now`: one whose cancelled subscription has run out is no longer subscribed. */
export async function withLapsedAccessEnded(db: Database, user: UserRow, now: Date): Promise<UserRow> {
  if (!user.subscriptionEndsAt || user.subscriptionEndsAt > now) return user;
  await endLapsedSubscriptions(db, now, user.id);
  return { ...user, isSubscribed: false, subscriptionEndsAt: null };
}

/** The user's newest subscription in one of `states`. */
async function newest(db: Database, userId: string, states: string[]): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.state, states)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

/** Marks a subscription (and its user's access) ended because the gateway says it has. */
async function recordExpired(db: Database, row: SubscriptionRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(subscriptions).set({ state: 'expired' }).where(eq(subscriptions.id, row.id));
    await tx.update(users).set({ isSubscribed: false, subscriptionEndsAt: null }).where(eq(users.id, row.userId));
  });
}

/** Writes what the gateway answered: cancelled to an end, or renewing again. */
async function record(db: Database, row: SubscriptionRow, term: SubscriptionTerm, now: Date): Promise<void> {
  const cancelled = term.state === 'canceled';
  const endsAt = cancelled ? (term.endsAt ?? term.periodEndsAt ?? now) : null;
  await db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({
        state: term.state,
        periodEndsAt: term.periodEndsAt,
        cancelledAt: cancelled ? (row.cancelledAt ?? now) : null,
        endsAt,
      })
      .where(eq(subscriptions.id, row.id));
    await tx.update(users).set({ isSubscribed: true, subscriptionEndsAt: endsAt }).where(eq(users.id, row.userId));
  });
}

/**
 * Cancels the user's renewing subscription at the end of the period paid for and mails a confirmation.
 * Cancelling one already cancelled answers the same, with no second mail.
 */
export async function cancelSubscription(
  deps: LifecycleDeps,
  user: UserRow,
  locale: Locale,
): Promise<LifecycleOutcome> {
  const { db, clock, gateway } = deps;
  const now = clock();
  const current = await withLapsedAccessEnded(db, user, now);
  if (!current.isSubscribed) return { kind: 'ended' };
  const row = await newest(db, user.id, ['active', 'canceled']);
  // Only the gateway that sold it can stop it; an account with none (made by hand) writes to support.
  if (!row || row.gateway !== gateway.name) return { kind: 'nothing' };
  if (row.state === 'canceled' && row.endsAt) return { kind: 'cancelled', endsAt: row.endsAt };
  const term = await gateway.cancelAtPeriodEnd(row.gatewayReference);
  if (term.state === 'expired') {
    await recordExpired(db, row);
    return { kind: 'ended' };
  }
  await record(db, row, term, now);
  const endsAt = term.state === 'canceled' ? (term.endsAt ?? term.periodEndsAt ?? now) : undefined;
  if (!endsAt) return { kind: 'kept' };
  const mail = subscriptionCancelledMail[locale]({ date: mailDate(endsAt, locale) });
  await enqueueMail(db, { to: user.email, kind: 'subscriptionCancelled', locale, ...mail }, now);
  deps.mailer.kick();
  return { kind: 'cancelled', endsAt };
}

/** "Keep my subscription": undoes a cancel before its end, so the subscription renews again. */
export async function keepSubscription(deps: LifecycleDeps, user: UserRow): Promise<LifecycleOutcome> {
  const { db, clock, gateway } = deps;
  const now = clock();
  const current = await withLapsedAccessEnded(db, user, now);
  if (!current.isSubscribed) return { kind: 'ended' };
  const row = await newest(db, user.id, ['active', 'canceled']);
  if (!row || row.gateway !== gateway.name) return { kind: 'nothing' };
  if (row.state === 'active') return { kind: 'kept' };
  const term = await gateway.reactivate(row.gatewayReference);
  if (term.state === 'expired') {
    await recordExpired(db, row);
    return { kind: 'ended' };
  }
  await record(db, row, term, now);
  return term.state === 'active' ? { kind: 'kept' } : { kind: 'ended' };
}

/**
 * What Manage subscription shows (spec §2, issues 20 and 34): status, plan, when a cancelled subscription
 * ends, whether it can be cancelled here, the trial's end (or the latest its days start while it waits for
 * the first figures) and the next charge's date and amount.
 */
export async function planDetails(
  db: Database,
  user: UserRow,
  gateway: BillingGateway['name'],
  now: Date,
): Promise<PlanDetails> {
  const current = await withLapsedAccessEnded(db, user, now);
  const [latest] = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .leftJoin(plans, eq(plans.planId, subscriptions.planCode))
    .where(eq(subscriptions.userId, user.id))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const subscription = latest?.subscription;
  const plan = latest?.plan ?? undefined;
  const renewing = current.isSubscribed && subscription?.state === 'active';
  const waiting = renewing && subscription.trialEndsAt && !subscription.trialStartedAt;
  const inTrial = renewing && subscription.trialEndsAt && subscription.trialEndsAt > now;
  const nextChargeAt = renewing && plan ? nextCharge(plan, subscription.periodEndsAt, now) : null;
  return {
    name: plan?.name ?? null,
    plan_code: subscription?.planCode ?? null,
    status: current.isSubscribed ? 'active' : 'inactive',
    ends_at: current.isSubscribed ? (current.subscriptionEndsAt?.toISOString() ?? null) : null,
    can_cancel: renewing === true && subscription.gateway === gateway,
    plan: plan
      ? {
          code: plan.code,
          plan_type: plan.planType,
          interval_length: plan.intervalLength,
          trial_days: trialDaysOf(plan.metaInfo),
        }
      : null,
    trial_ends_at: inTrial ? (subscription.trialEndsAt?.toISOString() ?? null) : null,
    trial_waits_until:
      waiting && subscription.trialEndsAt && plan
        ? startsByOf(subscription.trialEndsAt, trialDaysOf(plan.metaInfo)).toISOString()
        : null,
    next_charge_at: nextChargeAt?.toISOString() ?? null,
    next_amount: nextChargeAt && plan ? plan.unitAmountCents / 100 : null,
    currency: plan?.currency ?? null,
  };
}

/**
 * The next charge of a renewing subscription: the end of its period as last recorded, or (when the
 * renewal sweep has not caught up yet) the first period end after now, counted from it.
 */
function nextCharge(plan: typeof plans.$inferSelect, periodEndsAt: Date | null, now: Date): Date | null {
  if (!periodEndsAt) return null;
  let next = periodEndsAt;
  for (let n = 1; next <= now && n < 1000; n++) next = endOfPeriod(plan, periodEndsAt, n);
  return next;
}

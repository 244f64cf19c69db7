// A checkout: the payment is recorded under the client's idempotency key before the gateway is
// called, the gateway gets the same key, and the result is finalised in one transaction. So a
// double-clicked submit charges once, and a charge whose request failed afterwards is finished by
// the retry (or by the reconciler) instead of being lost.
import { and, eq, lt, sql } from 'drizzle-orm';
import { endOfPeriod } from '../../common/billing-periods.ts';
import type { Locale } from '../../common/locales.ts';
import type { ChargeReceipt, PaymentMethod, ThreeDSecureResponse } from '../../common/schema/billing.ts';
import type { UserRecord } from '../../common/schema/user.ts';
import { trialStartsBy } from '../../common/trial.ts';
import { issueCode } from '../auth/codes.ts';
import type { Database } from '../db/client.ts';
import { payments, plans, subscriptions, users } from '../db/schema.ts';
import { type ServerMessage, serverMessages } from '../i18n/messages.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { loginCodeMail } from '../mail/templates.ts';
import type { Services } from '../services.ts';
import { findUserByEmail, toUserRecord } from '../users/record.ts';
import type { BillingGateway, DeclineReason, PurchaseOutcome } from './gateway.ts';
import { type Charge, chargeReceipt, methodOf, sendReceipt } from './receipts.ts';
import { type TrialTerms, trialAtPurchase } from './trial.ts';

type PaymentRow = typeof payments.$inferSelect;

/** A payment still 'processing' after this long is taken to have died, and may be resumed. */
const STALE_MS = 30_000;

export type CheckoutAnswer =
  | { status: 200; body: { message: string; email: string; receipt?: ChargeReceipt } }
  | { status: 200; body: { message: string; user: UserRecord; receipt?: ChargeReceipt } }
  | { status: 200; body: ThreeDSecureResponse }
  | { status: 400 | 409; body: { message: string } };

export interface CheckoutDeps extends Services {
  gateway: BillingGateway;
  /** Test hook: runs after the gateway took the money and before anything is recorded. */
  afterCharge?: () => void;
}

export interface NewPayment {
  kind: 'register' | 'renew';
  idempotencyKey: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  planCode: string;
  paymentToken: string;
  userId?: string;
  /** How it is paid (issue 34): the receipt names it. */
  method: PaymentMethod;
  /** A register whose request made the account (issue 48). */
  createdAccount?: boolean;
}

const declineMessages: Record<Exclude<DeclineReason, 'gateway'>, ServerMessage> = {
  declined: 'cardDeclined',
  insufficientFunds: 'insufficientFunds',
  threeDsFailed: 'threeDsFailed',
  notATestCard: 'notATestCard',
};

const say = (key: ServerMessage, locale: Locale) => serverMessages[key][locale];

/** The plan a checkout buys, if it is on offer. */
export async function findPlan(db: Database, planCode: string) {
  const [plan] = await db.select().from(plans).where(eq(plans.planId, planCode));
  return plan;
}

/** Starts a payment, or finds the one this idempotency key already started. */
export async function beginPayment(db: Database, payment: NewPayment, now: Date) {
  const plan = await findPlan(db, payment.planCode);
  const [created] = await db
    .insert(payments)
    .values({
      ...payment,
      // What is charged today: a trial plan's setup fee, else a period's price (kept after a deletion).
      amountCents: plan ? (plan.planType === 1 ? plan.setupFeeCents : plan.unitAmountCents) : null,
      currency: plan?.currency ?? null,
      status: 'processing',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return { row: created, fresh: true };
  const [existing] = await db.select().from(payments).where(eq(payments.idempotencyKey, payment.idempotencyKey));
  if (!existing) throw new Error('payment vanished after a key conflict');
  return { row: existing, fresh: false };
}

/** What to answer for a payment this key already started: its stored answer, or "in progress". */
export function replay(row: PaymentRow, now: Date, locale: Locale): CheckoutAnswer | 'resume' {
  if (row.status === 'processing') {
    return now.getTime() - row.updatedAt.getTime() < STALE_MS
      ? { status: 409, body: { message: say('paymentInProgress', locale) } }
      : 'resume';
  }
  return row.response as CheckoutAnswer;
}

/** Asks the gateway and records the answer. `resultToken` completes a 3-D Secure challenge. */
export async function charge(
  deps: CheckoutDeps,
  row: PaymentRow,
  locale: Locale,
  resultToken?: string,
): Promise<CheckoutAnswer> {
  const plan = await findPlan(deps.db, row.planCode);
  // Issue 34: a trial waits for the account's first figures, so it is bought to end at the latest.
  const trial = plan ? await trialAtPurchase(deps.db, row.userId, plan, row.createdAt) : undefined;
  let outcome: PurchaseOutcome;
  try {
    outcome = await deps.gateway.purchase({
      // One key per gateway call: the first try, then each 3-D Secure completion.
      idempotencyKey: resultToken ? `${row.idempotencyKey}:3ds:${resultToken}` : row.idempotencyKey,
      account: { code: row.userId ?? row.email, email: row.email, firstName: row.firstName, lastName: row.lastName },
      planCode: row.planCode,
      currency: plan?.currency ?? 'USD',
      paymentToken: row.paymentToken,
      threeDSecureResultToken: resultToken,
      trialEndsAt: trial?.endsAt,
    });
  } catch (error) {
    // No answer (a timeout, an outage): the charge may or may not have happened. The payer is told to
    // try again (the error handler's message), and that retry resumes at once instead of waiting
    // STALE_MS: it asks again with the same key, so the gateway tells the truth and never charges twice.
    await deps.db
      .update(payments)
      .set({ updatedAt: new Date(deps.clock().getTime() - STALE_MS) })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'processing')));
    throw error;
  }
  if (outcome.kind === 'paid') deps.afterCharge?.();
  return settle(deps, row, outcome, locale, trial);
}

/**
 * Removes the account a declined register made (issue 48), so the next register makes its own with the
 * name typed then, unless it has become more than that: a subscription, or another payment under way.
 */
async function removeUnpaidAccount(tx: Database, userId: string) {
  await tx.delete(users).where(
    and(
      eq(users.id, userId),
      eq(users.isSubscribed, false),
      sql`not exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${userId})`,
      sql`not exists (select 1 from ${payments} where ${payments.userId} = ${userId}
        and ${payments.status} in ('processing', 'action_required', 'paid'))`,
    ),
  );
}

/** The first period's end: a trial's end, else one interval of the plan from the payment. */
function firstPeriodEnd(plan: Awaited<ReturnType<typeof findPlan>>, row: PaymentRow, trial: TrialTerms | undefined) {
  if (trial) return trial.endsAt;
  return plan ? endOfPeriod(plan, row.createdAt, 1) : null;
}

async function settle(
  deps: CheckoutDeps,
  row: PaymentRow,
  outcome: PurchaseOutcome,
  locale: Locale,
  trial: TrialTerms | undefined,
) {
  const { db, clock } = deps;
  const now = clock();
  if (outcome.kind === 'actionRequired') {
    const answer: CheckoutAnswer = {
      status: 200,
      body: {
        three_d_secure_action_token_id: outcome.actionTokenId,
        plan_code: row.planCode,
        payment_token: row.paymentToken,
        renew_code: row.id,
        id: row.id,
      },
    };
    await db
      .update(payments)
      .set({ status: 'action_required', actionTokenId: outcome.actionTokenId, response: answer, updatedAt: now })
      .where(eq(payments.id, row.id));
    return answer;
  }
  if (outcome.kind === 'declined') {
    const message =
      outcome.reason === 'gateway'
        ? (outcome.message ?? say('cardDeclined', locale))
        : say(declineMessages[outcome.reason], locale);
    const answer: CheckoutAnswer = { status: 400, body: { message } };
    await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: 'declined', response: answer, updatedAt: now })
        .where(eq(payments.id, row.id));
      if (row.createdAccount && row.userId) await removeUnpaidAccount(tx, row.userId);
    });
    return answer;
  }

  // Paid: the account, its subscription and the payment's answer change together or not at all.
  const plan = await findPlan(db, row.planCode);
  const periodEndsAt = firstPeriodEnd(plan, row, trial);
  const charged: Charge | undefined = plan
    ? {
        to: row.email,
        locale,
        plan,
        amountCents: row.amountCents ?? 0,
        currency: row.currency ?? plan.currency,
        method: methodOf(row.method),
        chargedAt: now,
        renewal: false,
        trial: trial && { ...trial, waitsUntil: trialStartsBy(row.createdAt) },
        nextChargeAt: periodEndsAt ?? undefined,
      }
    : undefined;
  const receipt = charged && chargeReceipt(charged);
  const user = await db.transaction(async (tx) => {
    // The row lock makes two settlers of one payment (a retry and a reconciler, in any processes) take
    // turns: the second finds it paid and gives the first one's answer, with no second subscription.
    const [current] = await tx
      .select({ status: payments.status, response: payments.response })
      .from(payments)
      .where(eq(payments.id, row.id))
      .for('update');
    if (current?.status === 'paid' && current.response) {
      return { answer: current.response as CheckoutAnswer, settledNow: false };
    }
    // The account keeps its username: a register's typed name is the one it made the account with, and
    // an account that existed before this payment is never renamed, subscribed or not, since anyone may
    // type its address into the offer (issues 32 and 48).
    const values = { email: row.email, username: row.username, isSubscribed: true, subscriptionEndsAt: null };
    const [account] = await tx
      .insert(users)
      .values(values)
      .onConflictDoUpdate({ target: users.email, set: { isSubscribed: true, subscriptionEndsAt: null } })
      .returning();
    if (!account) throw new Error('account upsert returned nothing');
    await tx.insert(subscriptions).values({
      userId: account.id,
      planCode: row.planCode,
      gateway: deps.gateway.name,
      gatewayReference: outcome.reference,
      state: 'active',
      createdAt: now,
      periodEndsAt,
      trialEndsAt: trial?.endsAt ?? null,
      trialStartedAt: trial?.startedAt ?? null,
      locale,
    });
    const answer: CheckoutAnswer =
      row.kind === 'register'
        ? { status: 200, body: { message: say('paymentDone', locale), email: row.email, receipt } }
        : {
            status: 200,
            body: { message: say('renewed', locale), user: toUserRecord(account, deps.settings), receipt },
          };
    await tx
      .update(payments)
      .set({ status: 'paid', userId: account.id, response: answer, updatedAt: now })
      .where(eq(payments.id, row.id));
    return { answer, settledNow: true };
  });

  // Issue 34: every charge gets its receipt, once; queued before the code, so the code is the newest mail.
  if (user.settledNow && charged) await sendReceipt(db, charged, deps.settings.supportEmail, now);
  // spec §4: a new user is sent a code and goes to /otp.
  if (row.kind === 'register' && user.settledNow) {
    const code = (await issueCode({ db, key: deps.codeKey, clock }, row.email, undefined, true)).code;
    await enqueueMail(db, { to: row.email, kind: 'loginCode', locale, ...loginCodeMail[locale]({ code }) }, now);
  }
  if (user.settledNow) deps.mailer.kick();
  return user.answer;
}

/** Finishes payments whose request died mid-way: the gateway, asked again with the key, tells the truth. */
export async function reconcileStalePayments(deps: CheckoutDeps, locale: Locale = 'en'): Promise<number> {
  const stale = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'processing'), lt(payments.updatedAt, new Date(deps.clock().getTime() - STALE_MS))));
  for (const row of stale) await charge(deps, row, locale, row.threeDsResultToken ?? undefined);
  return stale.length;
}

/** The expired user's account, for a renewal. */
export { findUserByEmail };

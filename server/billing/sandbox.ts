// The sandbox gateway: the embedded default. It keeps its card tokens, charges and 3-D Secure
// challenges in the database and answers the documented test cards:
//   4111 1111 1111 1111 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 3220 needs a
//   3-D Secure challenge; 4000 0000 0000 9995 has insufficient funds.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { plans, sandboxCharges, sandboxSubscriptions, sandboxThreeDs, sandboxTokens } from '../db/schema.ts';
import {
  type BillingGateway,
  GatewayRefusal,
  type PurchaseOutcome,
  type PurchaseRequest,
  type SubscriptionTerm,
} from './gateway.ts';
import { currentPeriodEnd } from './periods.ts';

export type Scenario = 'success' | 'declined' | 'threeDs' | 'insufficientFunds' | 'unknown' | 'paypal';

/** The test cards, by number. */
export const testCards: Record<string, Scenario> = {
  '4111111111111111': 'success',
  '4000000000000002': 'declined',
  '4000000000003220': 'threeDs',
  '4000000000009995': 'insufficientFunds',
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

/** Tokenises a card as a payment provider would; only what the test card means is kept. */
export async function tokenizeCard(db: Database, number: string, now: Date): Promise<string> {
  const digits = number.replace(/\D/g, '');
  const id = newId('sbx_tok');
  await db
    .insert(sandboxTokens)
    .values({ id, scenario: testCards[digits] ?? 'unknown', last4: digits.slice(-4), createdAt: now });
  return id;
}

/** A PayPal approval in the sandbox's PayPal window: a token that pays like a good card (issue 36). */
export async function tokenizePayPal(db: Database, now: Date): Promise<string> {
  const id = newId('sbx_pp');
  await db.insert(sandboxTokens).values({ id, scenario: 'paypal', last4: '', createdAt: now });
  return id;
}

/** The bank's side of a 3-D Secure challenge: pass gives a result token, fail gives none. */
export async function settleChallenge(db: Database, actionTokenId: string, pass: boolean): Promise<string | undefined> {
  const resultTokenId = pass ? newId('sbx_3ds') : undefined;
  const [row] = await db
    .update(sandboxThreeDs)
    .set({ status: pass ? 'passed' : 'failed', resultTokenId })
    .where(eq(sandboxThreeDs.actionTokenId, actionTokenId))
    .returning();
  return row && pass ? resultTokenId : undefined;
}

type SandboxSubscription = typeof sandboxSubscriptions.$inferSelect;

export function sandboxGateway(db: Database, clock: Clock): BillingGateway {
  /** The subscription, brought up to date: a cancelled one whose end has passed has expired. */
  async function subscription(reference: string): Promise<SandboxSubscription> {
    const [row] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.reference, reference));
    if (!row) throw new GatewayRefusal('notFound', `Couldn't find Subscription with id = ${reference}`);
    if (row.state === 'canceled' && row.expiresAt && row.expiresAt <= clock()) {
      return { ...row, state: 'expired' };
    }
    return row;
  }

  /** The end of the period paid for now, counted from the subscription's start by its plan. */
  async function periodEnd(row: SandboxSubscription): Promise<Date | null> {
    const [plan] = await db.select().from(plans).where(eq(plans.planId, row.planCode));
    return plan ? currentPeriodEnd(plan, row.startedAt, clock(), row.billingAnchorAt) : null;
  }

  const termOf = async (row: SandboxSubscription): Promise<SubscriptionTerm> => ({
    state: row.state as SubscriptionTerm['state'],
    periodEndsAt: row.state === 'active' ? await periodEnd(row) : row.expiresAt,
    endsAt: row.state === 'active' ? null : row.expiresAt,
  });

  async function update(reference: string, values: Partial<SandboxSubscription>): Promise<SubscriptionTerm> {
    const [row] = await db
      .update(sandboxSubscriptions)
      .set(values)
      .where(eq(sandboxSubscriptions.reference, reference))
      .returning();
    if (!row) throw new GatewayRefusal('notFound', `Couldn't find Subscription with id = ${reference}`);
    return termOf(row);
  }

  async function decide(request: PurchaseRequest): Promise<PurchaseOutcome> {
    const [token] = await db.select().from(sandboxTokens).where(eq(sandboxTokens.id, request.paymentToken));
    if (!token) return { kind: 'declined', reason: 'gateway', message: 'Invalid payment token.' };
    switch (token.scenario as Scenario) {
      case 'success':
      case 'paypal':
        return { kind: 'paid', reference: newId('sbx_sub') };
      case 'declined':
        return { kind: 'declined', reason: 'declined' };
      case 'insufficientFunds':
        return { kind: 'declined', reason: 'insufficientFunds' };
      case 'unknown':
        return { kind: 'declined', reason: 'notATestCard' };
      case 'threeDs': {
        if (request.threeDSecureResultToken) {
          const [challenge] = await db
            .select()
            .from(sandboxThreeDs)
            .where(eq(sandboxThreeDs.resultTokenId, request.threeDSecureResultToken));
          return challenge?.status === 'passed' && challenge.tokenId === token.id
            ? { kind: 'paid', reference: newId('sbx_sub') }
            : { kind: 'declined', reason: 'threeDsFailed' };
        }
        const actionTokenId = newId('sbx_act');
        await db.insert(sandboxThreeDs).values({ actionTokenId, tokenId: token.id, status: 'pending' });
        return { kind: 'actionRequired', actionTokenId };
      }
    }
  }

  return {
    name: 'sandbox',
    async purchase(request) {
      // Idempotent like a real gateway: the same key gets the same answer and is charged once.
      const [seen] = await db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.idempotencyKey, request.idempotencyKey));
      if (seen) return seen.outcome as PurchaseOutcome;
      const outcome = await decide(request);
      await db
        .insert(sandboxCharges)
        .values({ idempotencyKey: request.idempotencyKey, outcome, createdAt: clock() })
        .onConflictDoNothing();
      const [stored] = await db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.idempotencyKey, request.idempotencyKey));
      const answer = (stored?.outcome as PurchaseOutcome | undefined) ?? outcome;
      if (answer.kind === 'paid') {
        await db
          .insert(sandboxSubscriptions)
          .values({
            reference: answer.reference,
            planCode: request.planCode,
            startedAt: clock(),
            state: 'active',
            billingAnchorAt: request.trialEndsAt ?? null,
          })
          .onConflictDoNothing();
      }
      return answer;
    },

    // As Recurly's `timeframe: bill_date`: it runs to the next bill date, then expires.
    async cancelAtPeriodEnd(reference) {
      const row = await subscription(reference);
      if (row.state !== 'active') return termOf(row);
      return update(reference, { state: 'canceled', canceledAt: clock(), expiresAt: await periodEnd(row) });
    },

    async reactivate(reference) {
      const row = await subscription(reference);
      if (row.state !== 'canceled') return termOf(row);
      return update(reference, { state: 'active', canceledAt: null, expiresAt: null });
    },

    // As Recurly's next_bill_date: the periods count from the new date; only a renewing one moves.
    async postpone(reference, nextBillAt) {
      const row = await subscription(reference);
      if (row.state !== 'active') throw new GatewayRefusal('refused', 'Only an active subscription can be postponed');
      if (nextBillAt <= clock()) throw new GatewayRefusal('refused', 'Next bill date must be in the future');
      return update(reference, { billingAnchorAt: nextBillAt });
    },

    async term(reference) {
      return termOf(await subscription(reference));
    },

    async terminate(reference) {
      const row = await subscription(reference).catch((error: unknown) => {
        if (error instanceof GatewayRefusal) return undefined;
        throw error;
      });
      if (row && row.state !== 'expired') await update(reference, { state: 'expired', expiresAt: clock() });
    },

    // The sandbox keeps nothing about a person (its tokens hold a card's last four digits and scenario).
    async forgetAccount() {},
  };
}

/** How many charges the sandbox has made (tests: a retried payment is charged once). */
export async function sandboxChargeCount(db: Database): Promise<number> {
  const rows = await db.select().from(sandboxCharges);
  return rows.filter((row) => (row.outcome as PurchaseOutcome).kind === 'paid').length;
}

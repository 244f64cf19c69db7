// The sandbox gateway: the embedded default. It keeps its card tokens, charges and 3-D Secure
// challenges in the database and answers the documented test cards:
//   4111 1111 1111 1111 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 3220 needs a
//   3-D Secure challenge; 4000 0000 0000 9995 has insufficient funds.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { sandboxCharges, sandboxThreeDs, sandboxTokens } from '../db/schema.ts';
import type { BillingGateway, PurchaseOutcome, PurchaseRequest } from './gateway.ts';

export type Scenario = 'success' | 'declined' | 'threeDs' | 'insufficientFunds' | 'unknown';

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

export function sandboxGateway(db: Database, clock: Clock): BillingGateway {
  async function decide(request: PurchaseRequest): Promise<PurchaseOutcome> {
    const [token] = await db.select().from(sandboxTokens).where(eq(sandboxTokens.id, request.paymentToken));
    if (!token) return { kind: 'declined', reason: 'gateway', message: 'Invalid payment token.' };
    switch (token.scenario as Scenario) {
      case 'success':
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
      return (stored?.outcome as PurchaseOutcome | undefined) ?? outcome;
    },
  };
}

/** How many charges the sandbox has made (tests: a retried payment is charged once). */
export async function sandboxChargeCount(db: Database): Promise<number> {
  const rows = await db.select().from(sandboxCharges);
  return rows.filter((row) => (row.outcome as PurchaseOutcome).kind === 'paid').length;
}

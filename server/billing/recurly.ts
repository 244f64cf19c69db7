// The Recurly gateway, through the official `recurly` client (API v2021-02-25): a purchase creates
// the account, its billing info from the Recurly.js token, and the subscription in one call.
import { createHmac, timingSafeEqual } from 'node:crypto';
import recurly from 'recurly';
import { type BillingGateway, GatewayRefusal, type PurchaseOutcome, type SubscriptionTerm } from './gateway.ts';

// The client supports both of these at run time, but its typings do not declare them.
interface HttpAdapterLike {
  execute(method: string, url: string, headers: Record<string, string>, body: string | null): Promise<unknown>;
}
const { DefaultHttpAdapter } = recurly as unknown as {
  DefaultHttpAdapter: new (options: { timeout: number }) => HttpAdapterLike;
};
type CreatePurchase = (
  body: recurly.PurchaseCreate,
  options: { headers: Record<string, string> },
) => Promise<recurly.InvoiceCollection>;

/**
 * How long one call to Recurly may go unanswered (issue 35). The client's own default is 60 s, while a
 * payer waits on the purchase; Recurly answers in about a second, and a purchase with a 3-D Secure or
 * PayPal check in a few. Past it the payer is told to try again, and the retry's idempotency key makes
 * Recurly give the first call's result instead of charging twice.
 */
export const RECURLY_TIMEOUT_MS = 20_000;

/** The client's adapter with our deadline, sending to `baseUrl` (a proxy, or a test server) when given. */
class DeadlineAdapter extends DefaultHttpAdapter {
  constructor(
    private readonly baseUrl: string | undefined,
    timeoutMs: number,
  ) {
    super({ timeout: timeoutMs });
  }

  override execute(method: string, url: string, headers: Record<string, string>, body: string | null) {
    if (!this.baseUrl) return super.execute(method, url, headers, body);
    const path = new URL(url);
    return super.execute(method, new URL(path.pathname + path.search, this.baseUrl).toString(), headers, body);
  }
}

/** Recurly's subscription states, as our terms name them ('future', 'paused' and the like still renew). */
function termOf(subscription: recurly.Subscription): SubscriptionTerm {
  const state = subscription.state === 'canceled' || subscription.state === 'expired' ? subscription.state : 'active';
  const periodEndsAt = subscription.currentPeriodEndsAt ?? null;
  return { state, periodEndsAt, endsAt: state === 'active' ? null : (subscription.expiresAt ?? periodEndsAt) };
}

/** A refusal Recurly worded (a validation or an immutable subscription), or undefined for anything else. */
function refusalOf(error: unknown): GatewayRefusal | undefined {
  if (error instanceof recurly.errors.NotFoundError) return new GatewayRefusal('notFound', error.message ?? '');
  // An error type the client has no class for comes as a bare ApiError: its status still says 422.
  const status = (error as { getResponse?: () => { status?: number } | undefined }).getResponse?.()?.status;
  if (error instanceof recurly.errors.UnprocessableEntityError || status === 422) {
    return new GatewayRefusal('refused', (error as Error).message ?? '');
  }
  return undefined;
}

/** The gateway on Recurly; `timeoutMs` is RECURLY_TIMEOUT_MS unless a test shortens it. */
export function recurlyGateway(apiKey: string, baseUrl?: string, timeoutMs = RECURLY_TIMEOUT_MS): BillingGateway {
  const client = new recurly.Client(apiKey, { httpAdapter: new DeadlineAdapter(baseUrl, timeoutMs) });
  const createPurchase = client.createPurchase.bind(client) as unknown as CreatePurchase;

  /**
   * Makes a change; when Recurly refuses it as a transition the subscription cannot make (cancelling
   * one already cancelled, say, from Recurly's own screens), its present term is the answer if it is
   * the one asked for, since the change is then already made.
   */
  async function change(
    reference: string,
    wanted: SubscriptionTerm['state'],
    make: () => Promise<recurly.Subscription>,
  ): Promise<SubscriptionTerm> {
    try {
      return termOf(await make());
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      if (refusal.reason === 'notFound') throw refusal;
      const now = termOf(await client.getSubscription(reference));
      if (now.state === wanted || now.state === 'expired') return now;
      throw refusal;
    }
  }

  return {
    name: 'recurly',
    async purchase(request): Promise<PurchaseOutcome> {
      try {
        const collection = await createPurchase(
          {
            currency: request.currency,
            account: {
              code: request.account.code,
              email: request.account.email,
              // A wallet's token names its payer: no name of ours then (the client would send null).
              ...(request.account.firstName ? { firstName: request.account.firstName } : {}),
              ...(request.account.lastName ? { lastName: request.account.lastName } : {}),
              // The client turns an undefined field into null, so the result token is added only when there is one.
              billingInfo: {
                tokenId: request.paymentToken,
                ...(request.threeDSecureResultToken
                  ? { threeDSecureActionResultTokenId: request.threeDSecureResultToken }
                  : {}),
              },
            },
            // trial_ends_at overrides the plan's trial (issue 34: a trial bought to wait for the first figures).
            subscriptions: [
              { planCode: request.planCode, ...(request.trialEndsAt ? { trialEndsAt: request.trialEndsAt } : {}) },
            ],
          },
          { headers: { 'Idempotency-Key': request.idempotencyKey } },
        );
        const reference = collection.chargeInvoice?.subscriptionIds?.[0] ?? collection.chargeInvoice?.id ?? '';
        return { kind: 'paid', reference };
      } catch (error) {
        if (error instanceof recurly.errors.TransactionError) {
          const transaction = (error as { transactionError?: { threeDSecureActionTokenId?: string } }).transactionError;
          if (transaction?.threeDSecureActionTokenId) {
            return { kind: 'actionRequired', actionTokenId: transaction.threeDSecureActionTokenId };
          }
          return { kind: 'declined', reason: 'gateway', message: error.message ?? undefined };
        }
        if (error instanceof recurly.errors.ValidationError) {
          return { kind: 'declined', reason: 'gateway', message: error.message ?? undefined };
        }
        throw error;
      }
    },

    // PUT /subscriptions/{id}/cancel: `bill_date` ends it when it would next bill, which is the end of
    // the period paid for (`term_end` would go on billing to the end of a term of several periods).
    cancelAtPeriodEnd: (reference) =>
      change(reference, 'canceled', () =>
        client.cancelSubscription(reference, { body: { timeframe: 'bill_date' } } as object),
      ),

    // PUT /subscriptions/{id}/reactivate: only a cancelled subscription that has not expired comes back.
    reactivate: (reference) => change(reference, 'active', () => client.reactivateSubscription(reference)),

    // PUT /subscriptions/{id} with next_bill_date: "for a subscription in a trial period, this will change
    // when the trial expires", without proration (Recurly's postponement in API v2021-02-25).
    postpone: async (reference, nextBillAt) => {
      try {
        return termOf(await client.updateSubscription(reference, { nextBillDate: nextBillAt }));
      } catch (error) {
        throw refusalOf(error) ?? error;
      }
    },

    // GET /subscriptions/{id}: a renewal shows as a current period that ends later.
    term: async (reference) => {
      try {
        return termOf(await client.getSubscription(reference));
      } catch (error) {
        throw refusalOf(error) ?? error;
      }
    },

    // DELETE /subscriptions/{id}?refund=none: ends it now. Gone or expired already is what we want.
    async terminate(reference) {
      try {
        await client.terminateSubscription(reference, { params: { refund: 'none' } });
      } catch (error) {
        if (!refusalOf(error)) throw error;
      }
    },

    // DELETE /accounts/code-{code}?redact=true: closes the account and erases its personal data (GDPR
    // right to erasure); Recurly keeps its invoices and transactions without them.
    async forgetAccount(accountCode) {
      try {
        await client.deactivateAccount(`code-${accountCode}`, { params: { redact: true } });
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal?.reason === 'notFound') return;
        throw refusal ?? error;
      }
    },
  };
}

/**
 * Recurly signs webhooks with `recurly-signature: <timestamp ms>,<hex HMAC-SHA256 of "timestamp.body">`
 * (several signatures while a key rotates). Old timestamps are refused, so a captured call cannot be replayed.
 */
export function verifyRecurlySignature(
  header: string | undefined,
  body: string,
  key: string,
  now: Date,
  toleranceMs = 5 * 60_000,
): boolean {
  const [timestamp, ...signatures] = (header ?? '').split(',');
  const sentAt = Number(timestamp);
  if (!Number.isFinite(sentAt) || Math.abs(now.getTime() - sentAt) > toleranceMs) return false;
  const expected = createHmac('sha256', key).update(`${timestamp}.${body}`).digest();
  return signatures.some((signature) => {
    const given = Buffer.from(signature.trim(), 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

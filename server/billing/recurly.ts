// The Recurly gateway, through the official `recurly` client (API v2021-02-25): a purchase creates
// the account, its billing info from the Recurly.js token, and the subscription in one call.
import { createHmac, timingSafeEqual } from 'node:crypto';
import recurly from 'recurly';
import type { BillingGateway, PurchaseOutcome } from './gateway.ts';

// The client supports both of these at run time, but its typings do not declare them.
interface HttpAdapterLike {
  execute(method: string, url: string, headers: Record<string, string>, body: string | null): Promise<unknown>;
}
const { DefaultHttpAdapter } = recurly as unknown as { DefaultHttpAdapter: new () => HttpAdapterLike };
type CreatePurchase = (
  body: recurly.PurchaseCreate,
  options: { headers: Record<string, string> },
) => Promise<recurly.InvoiceCollection>;

/** Sends the client's requests to `baseUrl` instead of Recurly's host (a proxy, or a test server). */
class RebasedAdapter extends DefaultHttpAdapter {
  constructor(private readonly baseUrl: string) {
    super();
  }

  override execute(method: string, url: string, headers: Record<string, string>, body: string | null) {
    const path = new URL(url);
    return super.execute(method, new URL(path.pathname + path.search, this.baseUrl).toString(), headers, body);
  }
}

export function recurlyGateway(apiKey: string, baseUrl?: string): BillingGateway {
  const client = new recurly.Client(apiKey, baseUrl ? { httpAdapter: new RebasedAdapter(baseUrl) } : {});
  const createPurchase = client.createPurchase.bind(client) as unknown as CreatePurchase;
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
              firstName: request.account.firstName,
              lastName: request.account.lastName,
              // The client turns an undefined field into null, so the result token is added only when there is one.
              billingInfo: {
                tokenId: request.paymentToken,
                ...(request.threeDSecureResultToken
                  ? { threeDSecureActionResultTokenId: request.threeDSecureResultToken }
                  : {}),
              },
            },
            subscriptions: [{ planCode: request.planCode }],
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

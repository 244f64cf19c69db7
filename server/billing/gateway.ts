// The billing gateway: one interface, a sandbox by default and Recurly when configured.

export interface PurchaseRequest {
  /** Sent to the gateway, so asking twice with one key charges once. */
  idempotencyKey: string;
  account: { code: string; email: string; firstName: string; lastName: string };
  planCode: string;
  currency: string;
  /** The card token from the payment provider in the browser. */
  paymentToken: string;
  /** After a 3-D Secure challenge: its result. */
  threeDSecureResultToken?: string;
}

/** What a purchase came to. A decline's reason is a key the caller words in the user's language. */
export type PurchaseOutcome =
  | { kind: 'paid'; reference: string }
  | { kind: 'actionRequired'; actionTokenId: string }
  | { kind: 'declined'; reason: DeclineReason; message?: string };

/** Why a payment was declined; `gateway` carries the gateway's own message (spec §8). */
export type DeclineReason = 'declined' | 'insufficientFunds' | 'threeDsFailed' | 'notATestCard' | 'gateway';

export interface BillingGateway {
  readonly name: 'sandbox' | 'recurly';
  purchase(request: PurchaseRequest): Promise<PurchaseOutcome>;
}

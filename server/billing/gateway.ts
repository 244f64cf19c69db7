// The billing gateway: one interface, a sandbox by default and Recurly when configured.

export interface PurchaseRequest {
  /** Sent to the gateway, so asking twice with one key charges once. */
  idempotencyKey: string;
  /**
   * The payer's names as typed on the card form; empty when a wallet (Apple Pay, PayPal) paid, whose
   * token carries the name its sheet or window holds.
   */
  account: { code: string; email: string; firstName: string; lastName: string };
  planCode: string;
  currency: string;
  /** The card token from the payment provider in the browser. */
  paymentToken: string;
  /** After a 3-D Secure challenge: its result. */
  threeDSecureResultToken?: string;
  /**
   * When the plan's trial ends, overriding the plan's own length (issue 34: a trial waits up to 9 days for
   * the account's first figures, so it is bought to end at the latest and brought forward by postpone).
   */
  trialEndsAt?: Date;
}

/** What a purchase came to. A decline's reason is a key the caller words in the user's language. */
export type PurchaseOutcome =
  | { kind: 'paid'; reference: string }
  | { kind: 'actionRequired'; actionTokenId: string }
  | { kind: 'declined'; reason: DeclineReason; message?: string };

/** Why a payment was declined; `gateway` carries the gateway's own message (spec §8). */
export type DeclineReason = 'declined' | 'insufficientFunds' | 'threeDsFailed' | 'notATestCard' | 'gateway';

/** A subscription as the gateway tells it after a change (issue 20). */
export interface SubscriptionTerm {
  /** 'active' renews; 'canceled' runs to `endsAt`, then expires; 'expired' has ended. */
  state: 'active' | 'canceled' | 'expired';
  /** The end of the period paid for. */
  periodEndsAt: Date | null;
  /** When a cancelled subscription ends; null while it renews. */
  endsAt: Date | null;
}

/** The gateway knows no such subscription, or refused the change for a reason it gave. */
export class GatewayRefusal extends Error {
  constructor(
    readonly reason: 'notFound' | 'refused',
    message: string,
  ) {
    super(message);
    this.name = 'GatewayRefusal';
  }
}

export interface BillingGateway {
  readonly name: 'sandbox' | 'recurly';
  purchase(request: PurchaseRequest): Promise<PurchaseOutcome>;
  /** Stops the renewal: the subscription runs to the end of the period paid for, then expires. */
  cancelAtPeriodEnd(reference: string): Promise<SubscriptionTerm>;
  /** Undoes a cancel before the period ends: the subscription renews again. */
  reactivate(reference: string): Promise<SubscriptionTerm>;
  /**
   * Moves the next bill date (issue 34): in a trial, when the trial ends. No proration; a refusal (a
   * subscription that is not renewing) is a GatewayRefusal.
   */
  postpone(reference: string, nextBillAt: Date): Promise<SubscriptionTerm>;
  /** The subscription as the gateway tells it now: a renewal shows as a period that ends later. */
  term(reference: string): Promise<SubscriptionTerm>;
  /** Ends a subscription at once, refunding nothing (its account is being deleted). Ended already is fine. */
  terminate(reference: string): Promise<void>;
  /**
   * Erases the person behind an account code at the gateway (name, email, card); the gateway keeps its
   * payment records without them. An unknown account is fine; a GatewayRefusal says the gateway would
   * not (an unpaid invoice, say), which the operator then settles by hand.
   */
  forgetAccount(accountCode: string): Promise<void>;
}

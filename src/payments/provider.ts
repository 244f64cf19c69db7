// The payment provider in the browser: it turns card details into a token and runs 3-D Secure.
// The sandbox (default) and Recurly.js behind one interface (spec §1, §4 Payment).

/** Card details as the form holds them (spec §5). */
export interface CardDetails {
  number: string;
  month: string;
  year: string;
  cvv: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
}

/** A payer's name as a wallet's sheet or PayPal's window gives it (spec §5: they take that name). */
export interface Payer {
  firstName: string;
  lastName: string;
}

/**
 * A provider's answer: a token (with the payer's name when a sheet or window gave one), or its own
 * message for the user (spec §8). `cancelled`: the payer closed the sheet or window; nothing was charged.
 */
export type ProviderResult =
  | { ok: true; id: string; payer?: Payer }
  | { ok: false; message: string; cancelled?: boolean };

/** What a wallet or PayPal shows the payer before they approve. */
export interface Order {
  total: number;
  currency: string;
  label: string;
}

/** The bank's challenge, shown by the app when the provider has no screen of its own. */
export type ChallengeScreen = (actionTokenId: string) => Promise<'pass' | 'fail'>;

export type Wallet = 'applePay' | 'googlePay';

export interface PaymentProvider {
  readonly name: 'sandbox' | 'recurly';
  /** Tokenises a card. */
  tokenize(card: CardDetails): Promise<ProviderResult>;
  /** Runs a 3-D Secure challenge; the result token completes the payment. */
  threeDSecure(actionTokenId: string, screen: ChallengeScreen): Promise<ProviderResult>;
  /** Wallets this browser can pay with. */
  wallets(): Wallet[];
  /** Pays with a wallet, giving a token like a card does. */
  walletToken(wallet: Wallet, amount: Order): Promise<ProviderResult>;
  /** Whether this build offers PayPal. */
  payPalAvailable(): boolean;
  /**
   * PayPal's window (issue 36): approval gives a token that pays as a card's does. Call it from the
   * click itself: browsers open a window only for a user's gesture.
   */
  payPal(order: Order): Promise<ProviderResult>;
}

/** spec §2: Apple Pay only where the browser supports it; Google Pay only with a test-mode query parameter. */
export function availableWallets(
  target: { ApplePaySession?: { canMakePayments(): boolean } },
  search: string,
): Wallet[] {
  const wallets: Wallet[] = [];
  try {
    if (target.ApplePaySession?.canMakePayments()) wallets.push('applePay');
  } catch {
    // Safari throws outside a secure context: no Apple Pay then.
  }
  if (new URLSearchParams(search).get('googlepay') === 'test') wallets.push('googlePay');
  return wallets;
}

/** The provider this build uses: Recurly.js when a public key is configured, else the sandbox. */
export async function loadProvider(): Promise<PaymentProvider> {
  const publicKey = import.meta.env.VITE_RECURLY_PUBLIC_KEY;
  if (publicKey) {
    const braintreeAuthorization = import.meta.env.VITE_PAYPAL_BRAINTREE_AUTHORIZATION || undefined;
    const payPal = { enabled: import.meta.env.VITE_PAYPAL !== 'off', braintreeAuthorization };
    return (await import('./recurly.ts')).recurlyProvider(publicKey, undefined, payPal);
  }
  return (await import('./sandbox.ts')).sandboxProvider();
}

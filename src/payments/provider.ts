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

/** A provider's answer: a token, or its own message for the user (spec §8). */
export type ProviderResult = { ok: true; id: string } | { ok: false; message: string };

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
  walletToken(wallet: Wallet, amount: { total: number; currency: string; label: string }): Promise<ProviderResult>;
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
  if (publicKey) return (await import('./recurly.ts')).recurlyProvider(publicKey);
  return (await import('./sandbox.ts')).sandboxProvider();
}

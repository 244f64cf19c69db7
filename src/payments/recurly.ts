// The Recurly.js v4 provider, used when VITE_RECURLY_PUBLIC_KEY is set at build time. Recurly.js is
// loaded from Recurly when first needed (the server's CSP admits it in Recurly mode).
import { availableWallets, type Order, type PaymentProvider, type ProviderResult } from './provider.ts';

/** Recurly.js's PayPal (PayPal Business, or PayPal through Braintree): its window, then a token. */
export interface RecurlyPayPal {
  on(event: 'token', handler: (token: { id: string }) => void): void;
  on(event: 'error', handler: (error: { message: string }) => void): void;
  on(event: 'cancel', handler: () => void): void;
  start(): void;
}

/** The parts of Recurly.js v4 this provider uses. */
export interface RecurlyJs {
  configure(options: { publicKey: string }): void;
  token(data: Record<string, string>, done: (error: { message: string } | null, token?: { id: string }) => void): void;
  Risk(): {
    ThreeDSecure(options: { actionTokenId: string }): {
      on(event: 'token', handler: (token: { id: string }) => void): void;
      on(event: 'error', handler: (error: { message: string }) => void): void;
      attach(container: HTMLElement): void;
    };
  };
  ApplePay(options: { country: string; currency: string; label: string; total: string }): {
    ready(handler: () => void): void;
    begin(): void;
    on(event: 'token', handler: (token: { id: string }) => void): void;
    on(event: 'error' | 'cancel', handler: (error?: { message: string }) => void): void;
    /** The sheet's payment, with the billing contact the payer chose (Apple Pay JS ApplePayPayment). */
    on(
      event: 'paymentAuthorized',
      handler: (event: { payment?: { billingContact?: { givenName?: string; familyName?: string } } }) => void,
    ): void;
  };
  PayPal(options: {
    display: { displayName: string; amount: string; currency: string; locale: string };
    braintree?: { clientAuthorization: string };
  }): RecurlyPayPal;
}

/** How a build offers PayPal with Recurly: `off`, or on (PayPal Business; Braintree with its client authorization). */
export interface PayPalSetting {
  enabled: boolean;
  braintreeAuthorization?: string;
}

const SCRIPT = 'https://js.recurly.com/v4/recurly.js';

/** Loads Recurly.js once. */
function loadRecurly(): Promise<RecurlyJs> {
  const existing = (window as unknown as { recurly?: RecurlyJs }).recurly;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.onload = () => resolve((window as unknown as { recurly: RecurlyJs }).recurly);
    script.onerror = () => reject(new Error('Recurly.js could not be loaded.'));
    document.head.append(script);
  });
}

/** PayPal's window names its locale like en_US. */
const payPalLocale = (locale: string) =>
  ({ en: 'en_US', es: 'es_ES', fr: 'fr_FR', de: 'de_DE', it: 'it_IT', 'pt-BR': 'pt_BR' })[locale] ?? 'en_US';

export function recurlyProvider(
  publicKey: string,
  load: () => Promise<RecurlyJs> = loadRecurly,
  payPal: PayPalSetting = { enabled: true },
  locale: () => string = () => document.documentElement.lang || 'en',
): PaymentProvider {
  let ready: Promise<RecurlyJs> | undefined;
  const recurly = () => {
    ready ??= load().then((instance) => {
      instance.configure({ publicKey });
      return instance;
    });
    return ready;
  };
  const failed = (error: unknown): ProviderResult => ({
    ok: false,
    message: error instanceof Error ? error.message : String((error as { message?: string })?.message ?? error),
  });

  return {
    name: 'recurly',
    async tokenize(card) {
      try {
        const instance = await recurly();
        return await new Promise<ProviderResult>((resolve) =>
          instance.token(
            {
              number: card.number.replace(/\s/g, ''),
              month: card.month,
              year: card.year,
              cvv: card.cvv,
              first_name: card.firstName,
              last_name: card.lastName,
            },
            (error, token) => resolve(error || !token ? failed(error) : { ok: true, id: token.id }),
          ),
        );
      } catch (error) {
        return failed(error);
      }
    },
    async threeDSecure(actionTokenId) {
      try {
        const instance = await recurly();
        // Recurly shows the bank's challenge in a frame inside this container.
        const container = document.createElement('div');
        container.className = 'three-d-secure';
        document.body.append(container);
        return await new Promise<ProviderResult>((resolve) => {
          const challenge = instance.Risk().ThreeDSecure({ actionTokenId });
          challenge.on('token', (token) => {
            container.remove();
            resolve({ ok: true, id: token.id });
          });
          challenge.on('error', (error) => {
            container.remove();
            resolve(failed(error));
          });
          challenge.attach(container);
        });
      } catch (error) {
        return failed(error);
      }
    },
    wallets: () => availableWallets(window as never, window.location.search).filter((wallet) => wallet === 'applePay'),
    async walletToken(_wallet, amount) {
      try {
        const instance = await recurly();
        return await new Promise<ProviderResult>((resolve) => {
          const applePay = instance.ApplePay({
            country: 'US',
            currency: amount.currency,
            label: amount.label,
            total: amount.total.toFixed(2),
          });
          // The sheet's billing contact is the payer's name (spec §5: Apple Pay takes the name its sheet gives).
          let payer: { firstName: string; lastName: string } | undefined;
          applePay.on('paymentAuthorized', (event) => {
            const contact = event.payment?.billingContact;
            if (contact?.givenName && contact.familyName) {
              payer = { firstName: contact.givenName, lastName: contact.familyName };
            }
          });
          applePay.on('token', (token) => resolve({ ok: true, id: token.id, ...(payer ? { payer } : {}) }));
          applePay.on('error', (error) => resolve(failed(error)));
          applePay.on('cancel', () => resolve({ ok: false, message: '', cancelled: true }));
          applePay.ready(() => applePay.begin());
        });
      } catch (error) {
        return failed(error);
      }
    },
    payPalAvailable() {
      // PayPal's window opens only inside the payer's click: Recurly.js is loaded ahead, while the form shows.
      if (payPal.enabled) void recurly().catch(() => undefined);
      return payPal.enabled;
    },
    async payPal(order: Order) {
      try {
        const instance = await recurly();
        return await new Promise<ProviderResult>((resolve) => {
          const checkout = instance.PayPal({
            display: {
              displayName: order.label,
              amount: order.total.toFixed(2),
              currency: order.currency,
              locale: payPalLocale(locale()),
            },
            ...(payPal.braintreeAuthorization
              ? { braintree: { clientAuthorization: payPal.braintreeAuthorization } }
              : {}),
          });
          // The token registers as a card's does; PayPal gives Recurly the payer's name with it.
          checkout.on('token', (token) => resolve({ ok: true, id: token.id }));
          checkout.on('error', (error) => resolve(failed(error)));
          checkout.on('cancel', () => resolve({ ok: false, message: '', cancelled: true }));
          checkout.start();
        });
      } catch (error) {
        return failed(error);
      }
    },
  };
}

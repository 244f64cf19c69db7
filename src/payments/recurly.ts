// The Recurly.js v4 provider, used when VITE_RECURLY_PUBLIC_KEY is set at build time. Recurly.js is
// loaded from Recurly when first needed (the server's CSP admits it in Recurly mode).
import { availableWallets, type PaymentProvider, type ProviderResult } from './provider.ts';

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
  };
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

export function recurlyProvider(publicKey: string, load: () => Promise<RecurlyJs> = loadRecurly): PaymentProvider {
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
          applePay.on('token', (token) => resolve({ ok: true, id: token.id }));
          applePay.on('error', (error) => resolve(failed(error)));
          applePay.on('cancel', () => resolve({ ok: false, message: '' }));
          applePay.ready(() => applePay.begin());
        });
      } catch (error) {
        return failed(error);
      }
    },
  };
}

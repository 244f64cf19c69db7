// The sandbox provider: tokenises through the server's sandbox (as Recurly.js does through Recurly),
// and shows the bank's 3-D Secure challenge in the app. Test cards: see server/billing/sandbox.ts.
import { msg } from '@lingui/core/macro';
import { currentLocale, i18n } from '../i18n/index.ts';
import { availableWallets, type PaymentProvider, type ProviderResult } from './provider.ts';
import { sandboxPayPal } from './sandbox-paypal.ts';

async function post(path: string, body: URLSearchParams | object): Promise<Record<string, unknown>> {
  const form = body instanceof URLSearchParams;
  const response = await fetch(path, {
    method: 'POST',
    headers: {
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      'accept-language': currentLocale(),
    },
    body: form ? body.toString() : JSON.stringify(body),
  });
  return (await response.json().catch(() => ({}))) as Record<string, unknown>;
}

const unavailable = () => i18n._(msg`The payment provider is not available right now. Please try again.`);

function result(answer: Record<string, unknown>, field: string): ProviderResult {
  const id = answer[field];
  if (typeof id === 'string') return { ok: true, id };
  const message = (answer.error as { message?: string } | undefined)?.message;
  return { ok: false, message: message ?? unavailable() };
}

export function sandboxProvider(): PaymentProvider {
  const provider: PaymentProvider = {
    name: 'sandbox',
    async tokenize(card) {
      try {
        // spec §7: form data first_name, last_name, number, month, year, cvv, email, username, …
        const form = new URLSearchParams({
          first_name: card.firstName,
          last_name: card.lastName,
          number: card.number.replace(/\s/g, ''),
          month: card.month,
          year: card.year,
          cvv: card.cvv,
          email: card.email,
          username: card.username,
          three_d_secure_action_required: 'false',
        });
        return result(await post('/sandbox/tokens', form), 'id');
      } catch {
        return { ok: false, message: unavailable() };
      }
    },
    async threeDSecure(actionTokenId, screen) {
      const outcome = await screen(actionTokenId);
      return result(await post(`/sandbox/3ds/${encodeURIComponent(actionTokenId)}`, { outcome }), 'result_token_id');
    },
    wallets: () => availableWallets(window as never, window.location.search),
    // A wallet in the sandbox stands for the success card, tokenised as its sheet would: with no name,
    // since the sandbox has no sheet that holds one (a real sheet's name comes with its token).
    async walletToken(wallet, _amount) {
      try {
        const form = new URLSearchParams({
          number: '4111111111111111',
          month: '12',
          year: String((new Date().getFullYear() + 3) % 100),
          cvv: '123',
          wallet,
        });
        return result(await post('/sandbox/tokens', form), 'id');
      } catch {
        return { ok: false, message: unavailable() };
      }
    },
    payPalAvailable: () => true,
    payPal: (order) => sandboxPayPal(order),
  };
  return provider;
}

// The sandbox's PayPal window (issue 36), as Recurly.js opens PayPal's: a window of our server's sandbox
// (server/api/sandbox-paypal.ts) with Approve and Cancel. It answers by postMessage; a window closed
// without an answer is a cancel, as PayPal's is.
import { msg } from '@lingui/core/macro';
import { currentLocale, i18n } from '../i18n/index.ts';
import type { Order, ProviderResult } from './provider.ts';

const MARKER = 'followscope-sandbox-paypal';
/** How often to look whether the payer closed the window without answering. */
const CLOSED_POLL_MS = 300;

interface WindowAnswer {
  source?: string;
  token?: { id?: string; first_name?: string; last_name?: string };
  error?: string;
  cancel?: boolean;
}

/** Reads the window's answer as a provider's result. */
export function resultOf(answer: WindowAnswer): ProviderResult {
  const id = answer.token?.id;
  if (typeof id === 'string' && id) {
    const firstName = answer.token?.first_name ?? '';
    const lastName = answer.token?.last_name ?? '';
    return { ok: true, id, ...(firstName && lastName ? { payer: { firstName, lastName } } : {}) };
  }
  if (answer.cancel) return { ok: false, message: '', cancelled: true };
  return { ok: false, message: answer.error || i18n._(msg`PayPal is not available right now. Please try again.`) };
}

/** Opens the window at once (inside the click) and settles with its answer. */
export function sandboxPayPal(order: Order, target: Window = window): Promise<ProviderResult> {
  const query = new URLSearchParams({
    amount: order.total.toFixed(2),
    currency: order.currency,
    plan: order.label,
    lang: currentLocale(),
  });
  const popup = target.open(`/sandbox/paypal.html?${query}`, 'followscope-paypal', 'popup,width=480,height=640');
  if (!popup) {
    return Promise.resolve({
      ok: false,
      message: i18n._(msg`The PayPal window could not open. Please allow pop-ups for this site and try again.`),
    });
  }
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: ProviderResult) => {
      if (settled) return;
      settled = true;
      target.removeEventListener('message', onMessage);
      clearInterval(watch);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      const answer = event.data as WindowAnswer | null;
      if (event.origin !== target.location.origin || answer?.source !== MARKER) return;
      done(resultOf(answer));
    };
    target.addEventListener('message', onMessage);
    const watch = setInterval(() => {
      // The answer is posted before the window closes itself; a window closed with no answer was cancelled.
      if (!popup.closed) return;
      clearInterval(watch);
      setTimeout(() => done({ ok: false, message: '', cancelled: true }), CLOSED_POLL_MS);
    }, CLOSED_POLL_MS);
  });
}

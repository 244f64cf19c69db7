// The sandbox's PayPal window (issue 36): what PayPal's checkout window does in production, done here so
// the PayPal flow runs with no outside service. The app opens /sandbox/paypal.html in a window; Approve
// gives a sandbox token (and the account holder's name, as PayPal gives its payer's), Cancel gives
// nothing, and the window hands either to the app by postMessage and closes. Registered only while the
// sandbox gateway is in use, beside the sandbox's card tokens.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { checkPayerName } from '../../common/card.ts';
import { locales } from '../../common/locales.ts';
import { TEXT_MAX, text } from '../../common/schema/text.ts';
import { tokenizePayPal } from '../billing/sandbox.ts';
import { validated } from '../http/validation.ts';
import { localeOf, translate } from '../i18n/messages.ts';
import type { Services } from '../services.ts';

/** What the app tells the window: the amount and plan to show, and the app's language. */
const pageQuery = z.object({
  amount: z._default(z.coerce.number().check(z.gte(0), z.lte(1_000_000)), 0),
  currency: z._default(z.string().check(z.regex(/^[A-Z]{3}$/)), 'USD'),
  plan: z._default(text(TEXT_MAX.planCode), ''),
  lang: z.optional(z.enum(locales)),
});
const approval = z.object({
  first_name: z._default(text(TEXT_MAX.name), ''),
  last_name: z._default(text(TEXT_MAX.name), ''),
});

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The window's behaviour, served as a file: the app's CSP allows no inline script. */
const SCRIPT = `'use strict';
(function () {
  var form = document.querySelector('form');
  var buttons = form.querySelectorAll('button');
  // The app listens for this marker from its own origin only.
  function answer(message) {
    message.source = 'followscope-sandbox-paypal';
    if (window.opener) window.opener.postMessage(message, location.origin);
    window.close();
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    buttons.forEach(function (button) { button.disabled = true; });
    fetch('/sandbox/paypal/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': document.documentElement.lang },
      body: JSON.stringify({ first_name: form.first_name.value, last_name: form.last_name.value }),
    })
      .then(function (response) { return response.json(); })
      .then(function (body) {
        answer(body.id ? { token: body } : { error: (body.error && body.error.message) || '' });
      })
      .catch(function () { answer({ error: '' }); });
  });
  document.getElementById('cancel').addEventListener('click', function () { answer({ cancel: true }); });
})();
`;

const STYLE = `body{font-family:system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#111}
h1{font-size:1.3rem;color:#003087}label{display:block;margin:.7rem 0}input{display:block;width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;margin-top:.2rem;border:1px solid #767676;border-radius:.4rem}
fieldset{border:1px solid #ccc;border-radius:.5rem}button{width:100%;padding:.7rem;font-size:1rem;border-radius:2rem;border:0;margin-top:.7rem;cursor:pointer}
button[type=submit]{background:#ffc439;color:#111}#cancel{background:#fff;border:1px solid #767676}
:focus-visible{outline:3px solid #003087;outline-offset:2px}`;

export function sandboxPayPalRoutes(app: FastifyInstance, { db, clock }: Services): void {
  const say =
    (request: FastifyRequest, lang?: string) =>
    (key: Parameters<typeof translate>[0], values = {}) =>
      translate(key, lang ?? request.headers['accept-language'], values);

  app.get('/sandbox/paypal.html', { schema: { querystring: pageQuery } }, async (request, reply) => {
    const query = validated(request.query, pageQuery);
    const t = say(request, query.lang);
    const locale = localeOf(query.lang ?? request.headers['accept-language']);
    const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: query.currency }).format(query.amount);
    const page = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(t('paypalTitle'))}</title><link rel="stylesheet" href="/sandbox/paypal.css"><script src="/sandbox/paypal.js" defer></script></head><body><main>
<h1>${escapeHtml(t('paypalTitle'))}</h1>
<p>${escapeHtml(t('paypalIntro', { amount, plan: query.plan }))}</p>
<form><fieldset><legend>${escapeHtml(t('paypalAccountHolder'))}</legend>
<label>${escapeHtml(t('paypalFirstName'))}<input name="first_name" autocomplete="given-name" required></label>
<label>${escapeHtml(t('paypalLastName'))}<input name="last_name" autocomplete="family-name" required></label>
</fieldset><button type="submit">${escapeHtml(t('paypalApprove'))}</button><button type="button" id="cancel">${escapeHtml(t('paypalCancel'))}</button></form>
</main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
  });

  app.get('/sandbox/paypal.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(SCRIPT),
  );
  app.get('/sandbox/paypal.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-store').send(STYLE),
  );

  /**
   * Approve: a token that pays like a good card, with the account holder's name as PayPal gives its
   * payer's. A name PayPal would not hold is its refusal: `{ error: { message } }`, as Recurly.js answers.
   */
  app.post('/sandbox/paypal/tokens', { schema: { body: approval } }, async (request, reply) => {
    const body = validated(request.body, approval);
    const firstName = body.first_name.trim();
    const lastName = body.last_name.trim();
    if (checkPayerName(firstName) || checkPayerName(lastName)) {
      return reply
        .status(400)
        .send({ error: { message: translate('paypalRefused', request.headers['accept-language']) } });
    }
    const id = await tokenizePayPal(db, clock());
    return { id, type: 'paypal', first_name: firstName, last_name: lastName };
  });
}

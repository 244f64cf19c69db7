// The sandbox payment provider: what Recurly.js and the bank do in production, done here so the
// whole checkout runs with no outside service. Registered only while the sandbox gateway is in use.
import formBody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  checkCardNumber,
  checkCvc,
  checkExpiryMonth,
  checkExpiryYear,
  checkPayerName,
  formatCardNumber,
} from '../../common/card.ts';
import { TEXT_MAX, text } from '../../common/schema/text.ts';
import { settleChallenge, tokenizeCard } from '../billing/sandbox.ts';
import { validated } from '../http/validation.ts';
import { translate } from '../i18n/messages.ts';
import type { Services } from '../services.ts';
import { sandboxPayPalRoutes } from './sandbox-paypal.ts';

// spec §7: form data first_name, last_name, number, month, year, cvv, email, key, username, …
const tokenForm = z.object({
  number: text(32),
  month: text(4),
  year: text(4),
  cvv: text(8),
  first_name: z._default(text(TEXT_MAX.name), ''),
  last_name: z._default(text(TEXT_MAX.name), ''),
  /** A wallet's sheet tokenising its card: the sheet holds the name, none is typed. */
  wallet: z.optional(z.enum(['applePay', 'googlePay'])),
});
const challengeBody = z.object({ outcome: z.enum(['pass', 'fail']) });

export async function sandboxRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { db, clock } = services;
  await app.register(formBody);
  sandboxPayPalRoutes(app, services);

  /** Tokenises a card: the answer is `{ id }` or `{ error: { message } }`, as Recurly.js answers. */
  app.post('/sandbox/tokens', { schema: { body: tokenForm } }, async (request, reply) => {
    const card = validated(request.body, tokenForm);
    const now = clock();
    const problem =
      checkCardNumber(formatCardNumber(card.number)) ??
      checkExpiryMonth(card.month.padStart(2, '0'), card.year.slice(-2), now) ??
      checkExpiryYear(card.year.slice(-2), now) ??
      checkCvc(card.cvv);
    if (problem) {
      return reply
        .status(400)
        .send({ error: { message: translate('cardInvalid', request.headers['accept-language']) } });
    }
    // As Recurly.js, the cardholder's first and last name are required with a card (spec §5's rule).
    if (!card.wallet && (checkPayerName(card.first_name) || checkPayerName(card.last_name))) {
      return reply
        .status(400)
        .send({ error: { message: translate('payerNameInvalid', request.headers['accept-language']) } });
    }
    return { id: await tokenizeCard(db, card.number, now) };
  });

  /** The bank's challenge screen answers here: pass gives a result token, fail an error. */
  app.post('/sandbox/3ds/:actionTokenId', { schema: { body: challengeBody } }, async (request, reply) => {
    const { actionTokenId } = request.params as { actionTokenId: string };
    const { outcome } = validated(request.body, challengeBody);
    const resultTokenId = await settleChallenge(db, actionTokenId, outcome === 'pass');
    if (!resultTokenId) {
      return reply
        .status(400)
        .send({ error: { message: translate('threeDsFailed', request.headers['accept-language']) } });
    }
    return { result_token_id: resultTokenId };
  });
}

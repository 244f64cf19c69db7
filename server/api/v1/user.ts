// The user's own record and Clear Data (spec §4, §7).
import type { FastifyInstance } from 'fastify';
import { INVALID_INSTA_ID } from '../../../common/schema/user.ts';
import { accountOf, requireUser } from '../../auth/guard.ts';
import { idempotent } from '../../http/idempotency.ts';
import { translate } from '../../i18n/messages.ts';
import type { Services } from '../../services.ts';
import { clearCollectedData, findUserByEmail, toUserRecord } from '../../users/record.ts';

export function userRoutes(app: FastifyInstance, { db, clock, settings }: Services): void {
  const auth = { onRequest: requireUser(db) };
  const once = idempotent(db, clock);

  // spec §7: status and the user record; a username the network does not know is a 400 with its message.
  app.post('/client/user/detail/', auth, async (request, reply) => {
    const user = toUserRecord(accountOf(request).user, settings);
    if (user.insta_id === INVALID_INSTA_ID) {
      const message = translate('invalidUsername', request.headers['accept-language']);
      return reply.status(400).send({ message, user, data: { message } });
    }
    return { user };
  });

  app.get(
    '/client/insta/clear/data',
    { onRequest: requireUser(db), preHandler: once.preHandler, onSend: once.onSend },
    async (request) => {
      const { user } = accountOf(request);
      await clearCollectedData(db, user.id);
      const fresh = await findUserByEmail(db, user.email);
      return {
        message: translate('dataCleared', request.headers['accept-language']),
        user: fresh ? toUserRecord(fresh, settings) : undefined,
      };
    },
  );
}

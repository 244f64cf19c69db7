// Best time to post: from when the followers are online where the official API gives it (issue 18),
// else from the engagement of the owner's own posts, and never invented for an account with neither.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BestTime } from '../../../common/schema/best-time.ts';
import type { Provenance } from '../../../common/schema/provenance.ts';
import { accountOf, requireSubscriber } from '../../auth/guard.ts';
import { accountGate } from '../../http/account-gates.ts';
import { type ServerMessage, translate } from '../../i18n/messages.ts';
import { fromEngagement, fromOnlineFollowers } from '../../insights/best-time.ts';
import type { Services } from '../../services.ts';
import type { SourceConnector, SourcePost } from '../../source/connector.ts';
import { officialPosts, officialStories } from '../../source/official/store.ts';
import { hasOfficialFigures, hasSampleSource } from '../../source/sources.ts';

/** No source the account has gives it: only the official API would. */
const UNAVAILABLE: BestTime = { status: true, basis: null, unavailable: { needs: ['official'] } };

/** The engagement basis from these posts, or UNAVAILABLE when they are too few. */
function byEngagement(posts: SourcePost[], now: Date, source: Provenance): BestTime {
  const found = fromEngagement(posts, now);
  if (!found) return UNAVAILABLE;
  return {
    status: true,
    basis: 'engagement',
    hours: found.hours,
    best_hour_utc: found.bestHourUtc,
    posts_counted: found.postsCounted,
    source,
  };
}

export function bestTimeRoutes(app: FastifyInstance, services: Services, source: SourceConnector) {
  const { db, clock, settings } = services;
  // Issue 48: one of post analytics' reads, gated with them.
  const auth = { onRequest: requireSubscriber(db), preHandler: accountGate(app, settings.accountLimits, 'posts') };
  const refuse = (request: FastifyRequest, reply: FastifyReply, status: number, key: ServerMessage) =>
    reply.status(status).send({ status: false, message: translate(key, request.headers['accept-language']) });

  app.get('/client/posts/best-time/', auth, async (request, reply): Promise<BestTime | FastifyReply> => {
    const { user } = accountOf(request);
    const now = clock();
    if (hasOfficialFigures(user)) {
      const account = await officialStories(db, user.id);
      const online = account?.online ? fromOnlineFollowers(account.online) : undefined;
      if (account && online) {
        return {
          status: true,
          basis: 'online_followers',
          hours: online.hours,
          best_hour_utc: online.bestHourUtc,
          source: { source: 'official', at: account.at.toISOString() },
        };
      }
      // Accounts under 100 followers get no online_followers: their own posts' engagement instead.
      const at = (user.officialCollectedAt ?? now).toISOString();
      return byEngagement(await officialPosts(db, user.id), now, { source: 'official', at });
    }
    if (!hasSampleSource(settings, user.username)) return UNAVAILABLE;
    const found = await source.posts(user.username);
    if (found.kind === 'ok') return byEngagement(found.value, now, { source: 'sample', at: now.toISOString() });
    if (found.kind === 'notFound') return refuse(request, reply, 404, 'invalidUsername');
    return refuse(request, reply, 503, found.kind === 'unsupported' ? 'postsUnavailable' : 'serverError');
  });
}

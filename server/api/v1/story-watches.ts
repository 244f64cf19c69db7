// spec §7 POST client/list/watch/stories/ (issue 36): the story viewer says which story user's stories
// the subscriber watched, so the stories list can mark them seen. It is recorded here and nowhere else:
// watching stays anonymous, so the network is never told who watched (no markStorySeen).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { watchStoriesSchema } from '../../../common/schema/lists.ts';
import { accountOf, requireSubscriber } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { storyWatches } from '../../db/schema.ts';
import { accountGate } from '../../http/account-gates.ts';
import { validated } from '../../http/validation.ts';
import { translate } from '../../i18n/messages.ts';
import type { Services } from '../../services.ts';

/** A story item lives a day: a watch can name none taken later than this ahead of our clock. */
const AHEAD_MS = 24 * 3_600_000;

export function storyWatchRoutes(app: FastifyInstance, { db, clock, settings }: Services): void {
  app.post(
    '/client/list/watch/stories/',
    {
      onRequest: requireSubscriber(db),
      preHandler: accountGate(app, settings.accountLimits, 'stories'),
      schema: { body: watchStoriesSchema },
    },
    async (request, reply) => {
      const { user } = accountOf(request);
      const body = validated(request.body, watchStoriesSchema);
      const now = clock();
      if (body.seen_until > now.getTime() + AHEAD_MS) {
        return reply.status(400).send({ message: translate('invalidRequest', request.headers['accept-language']) });
      }
      const seenUntil = new Date(body.seen_until);
      // Watched again or out of order (the outbox sends late): the newest item watched stays.
      await db
        .insert(storyWatches)
        .values({ userId: user.id, storyUserId: body.story_user_id, seenUntil, watchedAt: now })
        .onConflictDoUpdate({
          target: [storyWatches.userId, storyWatches.storyUserId],
          set: { seenUntil: sql`greatest(${storyWatches.seenUntil}, excluded.seen_until)`, watchedAt: now },
        });
      return { status: true, message: '', story_user_id: body.story_user_id, seen_until: body.seen_until };
    },
  );
}

/** The story users with `seen` set: every item they have up was taken at or before what was watched. */
export async function withSeen<T extends { id: string; items: { taken_at: number }[] }>(
  db: Database,
  userId: string,
  stories: T[],
): Promise<(T & { seen?: boolean })[]> {
  if (!stories.length) return stories;
  const watched = await db
    .select({ id: storyWatches.storyUserId, until: storyWatches.seenUntil })
    .from(storyWatches)
    .where(
      and(
        eq(storyWatches.userId, userId),
        inArray(
          storyWatches.storyUserId,
          stories.map((story) => story.id),
        ),
      ),
    );
  const until = new Map(watched.map((row) => [row.id, row.until.getTime()]));
  return stories.map((story) => {
    const newest = Math.max(...story.items.map((item) => item.taken_at));
    return { ...story, seen: (until.get(story.id) ?? -1) >= newest };
  });
}

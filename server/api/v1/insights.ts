// The insight summary (spec §4 Insight, §7) and the follower history behind the growth chart.
import { and, asc, count, eq, gte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { CollectorCore } from '../../../wasm/collector.ts';
import type { AppDeps } from '../../app.ts';
import { accountOf, requireSubscriber } from '../../auth/guard.ts';
import type { UserRow } from '../../auth/tokens.ts';
import { followEvents, snapshots, users } from '../../db/schema.ts';
import { validated } from '../../http/validation.ts';
import { localeOf, type ServerMessage, translate } from '../../i18n/messages.ts';
import { modelInsight } from '../../insights/model.ts';
import { type Insight, type InsightFacts, writeInsight } from '../../insights/writer.ts';
import type { Services } from '../../services.ts';
import type { SourceConnector } from '../../source/connector.ts';
import { metricsOf } from './posts.ts';

const countField = z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000_000));
const insightBody = z.object({
  new_followers_count: countField,
  lost_followers_count: countField,
  not_follows_back_count: countField,
  i_do_not_follow_back_count: countField,
  profile_view_count: countField,
  mutual_following_count: countField,
});

/** What chat_gpt_data holds: the latest insight, and how many were asked for on its day. */
interface StoredInsight extends Insight {
  generated_at: string;
  day: string;
  count: number;
  writer: 'rules' | 'model';
}

const HISTORY_POINTS = 365;

export function insightRoutes(
  app: FastifyInstance,
  services: Services,
  source: SourceConnector,
  core: CollectorCore,
  settings: AppDeps['settings']['insights'],
) {
  const { db, clock } = services;
  const auth = { preHandler: requireSubscriber(db) };

  /** Why an insight cannot be written now, or undefined when it can. */
  function refusal(user: UserRow): ServerMessage | undefined {
    if (!user.lastUpdatedAt) return 'insightNeedsAnalysis';
    const stored = user.chatGptData as StoredInsight | null;
    if (stored?.day === clock().toISOString().slice(0, 10) && stored.count >= settings.perDay)
      return 'insightDailyLimit';
    return undefined;
  }

  app.get('/client/check/insight/popup/', auth, async (request) => {
    const reason = refusal(accountOf(request).user);
    return {
      popup: reason === undefined,
      message: reason ? translate(reason, request.headers['accept-language']) : '',
    };
  });

  app.post(
    '/insta/chat/gpt/generate/actionable/insights/',
    { ...auth, schema: { body: insightBody } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { user } = accountOf(request);
      const language = request.headers['accept-language'];
      const reason = refusal(user);
      if (reason) return reply.status(429).send({ status: false, message: translate(reason, language) });
      const facts = await factsOf(user, validated(request.body, insightBody));
      const locale = localeOf(language);
      const fromModel = settings.openai ? await modelInsight(settings.openai, facts, locale) : undefined;
      if (settings.openai && !fromModel) request.log.warn('insight model failed; the rule writer answered');
      const insight = fromModel ?? writeInsight(facts, locale);
      const now = clock();
      const day = now.toISOString().slice(0, 10);
      const previous = user.chatGptData as StoredInsight | null;
      const stored: StoredInsight = {
        ...insight,
        generated_at: now.toISOString(),
        day,
        count: previous?.day === day ? previous.count + 1 : 1,
        writer: fromModel ? 'model' : 'rules',
      };
      await db.update(users).set({ chatGptData: stored, isInsight: true }).where(eq(users.id, user.id));
      return { status: true, summary: insight.summary, actionable_insights: insight.actionable_insights };
    },
  );

  async function factsOf(user: UserRow, counts: z.infer<typeof insightBody>): Promise<InsightFacts> {
    const [first] = await db
      .select({ takenAt: snapshots.takenAt, followers: snapshots.followersCount })
      .from(snapshots)
      .where(eq(snapshots.userId, user.id))
      .orderBy(asc(snapshots.takenAt))
      .limit(1);
    const [{ total = 0 } = {}] = await db
      .select({ total: count() })
      .from(snapshots)
      .where(eq(snapshots.userId, user.id));
    const found = await source.posts(user.username);
    const posts = found.kind === 'ok' ? found.value : [];
    const now = clock();
    return {
      counts,
      followers: user.totalFollowers,
      following: user.totalFollowing,
      isPrivate: user.isPrivate,
      history: first && total > 1 ? { firstAt: first.takenAt, firstFollowers: first.followers } : undefined,
      posts: posts.length
        ? metricsOf(
            core,
            posts.filter((post) => !post.isReel),
            now,
            user.totalFollowers,
          )
        : undefined,
      reels: posts.length
        ? metricsOf(
            core,
            posts.filter((post) => post.isReel),
            now,
            user.totalFollowers,
          )
        : undefined,
    };
  }

  /** Followers and following at each committed analysis, with who came and who left since the one before. */
  app.get('/client/followers/history/', auth, async (request) => {
    const { user } = accountOf(request);
    const rows = await db
      .select({
        analysisId: snapshots.analysisId,
        at: snapshots.takenAt,
        followers: snapshots.followersCount,
        following: snapshots.followingCount,
      })
      .from(snapshots)
      .where(eq(snapshots.userId, user.id))
      .orderBy(asc(snapshots.takenAt));
    const points = rows.slice(-HISTORY_POINTS);
    const since = points[0]?.at;
    const events = since
      ? await db
          .select({ analysisId: followEvents.analysisId, kind: followEvents.kind, total: count() })
          .from(followEvents)
          .where(and(eq(followEvents.userId, user.id), gte(followEvents.at, since)))
          .groupBy(followEvents.analysisId, followEvents.kind)
      : [];
    const tally = (analysisId: string, kind: string) =>
      events.find((event) => event.analysisId === analysisId && event.kind === kind)?.total ?? 0;
    return {
      status: true,
      points: points.map((point) => ({
        at: point.at.toISOString(),
        followers: point.followers,
        following: point.following,
        gained: tally(point.analysisId, 'followed'),
        lost: tally(point.analysisId, 'unfollowed'),
      })),
    };
  });
}

// The insight summary (spec §4 Insight, §7) and the follower history behind the growth chart.
import { and, asc, count, eq, gte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { CollectorCore } from '../../../wasm/collector.ts';
import type { AppDeps } from '../../app.ts';
import { accountOf, requireSubscriber } from '../../auth/guard.ts';
import type { UserRow } from '../../auth/tokens.ts';
import { analyses, followEvents, snapshots, users } from '../../db/schema.ts';
import { accountGate } from '../../http/account-gates.ts';
import { validated } from '../../http/validation.ts';
import { localeOf, type ServerMessage, translate } from '../../i18n/messages.ts';
import { insightFacts } from '../../insights/facts.ts';
import { modelInsight } from '../../insights/model.ts';
import { type StoredInsight, toStored } from '../../insights/stored.ts';
import { writeInsight } from '../../insights/writer.ts';
import type { Services } from '../../services.ts';
import type { SourceConnector } from '../../source/connector.ts';
import { officialDaysOf } from '../../source/official/store.ts';
import { figuresProvenance, hasSampleSource } from '../../source/sources.ts';

const countField = z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000_000));
const insightBody = z.object({
  new_followers_count: countField,
  lost_followers_count: countField,
  not_follows_back_count: countField,
  i_do_not_follow_back_count: countField,
  profile_view_count: countField,
  mutual_following_count: countField,
});

const HISTORY_POINTS = 365;

export function insightRoutes(
  app: FastifyInstance,
  services: Services,
  network: SourceConnector,
  core: CollectorCore,
  settings: AppDeps['settings']['insights'],
) {
  const { db, clock } = services;
  const auth = { onRequest: requireSubscriber(db) };
  // Issue 48: taken in turns per account, and counted.
  const insights = accountGate(app, services.settings.accountLimits, 'insights');
  const history = accountGate(app, services.settings.accountLimits, 'history');

  /** Why an insight cannot be written now, or undefined when it can. */
  function refusal(user: UserRow): ServerMessage | undefined {
    // Only figures with a real source are written about (issue 17).
    if (!figuresProvenance(user)) {
      return hasSampleSource(services.settings, user.username) ? 'insightNeedsAnalysis' : 'insightNeedsSource';
    }
    const stored = user.chatGptData as StoredInsight | null;
    if (stored?.day === clock().toISOString().slice(0, 10) && stored.count >= settings.perDay)
      return 'insightDailyLimit';
    return undefined;
  }

  app.get('/client/check/insight/popup/', { ...auth, preHandler: insights }, async (request) => {
    const reason = refusal(accountOf(request).user);
    return {
      popup: reason === undefined,
      message: reason ? translate(reason, request.headers['accept-language']) : '',
    };
  });

  app.post(
    '/insta/chat/gpt/generate/actionable/insights/',
    { ...auth, preHandler: insights, schema: { body: insightBody } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { user } = accountOf(request);
      const language = request.headers['accept-language'];
      const reason = refusal(user);
      if (reason) return reply.status(429).send({ status: false, message: translate(reason, language) });
      // spec §7 sends the six counts; the insight reads the stored ones, whose source is known.
      validated(request.body, insightBody);
      const facts = await insightFacts({ db, clock, network, core }, user);
      const locale = localeOf(language);
      const fromModel = settings.openai ? await modelInsight(settings.openai, facts, locale) : undefined;
      if (settings.openai && !fromModel) request.log.warn('insight model failed; the rule writer answered');
      const written = fromModel ?? writeInsight(facts, locale);
      const previous = user.chatGptData as StoredInsight | null;
      const insight = toStored(written, facts, locale, clock(), previous, fromModel ? 'model' : 'rules', true);
      await db.update(users).set({ chatGptData: insight, isInsight: true }).where(eq(users.id, user.id));
      return {
        status: true,
        summary: insight.summary,
        actionable_insights: insight.actionable_insights,
        source: facts.source,
      };
    },
  );

  /** Followers and following at each committed analysis, with who came and who left since the one before. */
  app.get('/client/followers/history/', { ...auth, preHandler: history }, async (request) => {
    const { user } = accountOf(request);
    const rows = await db
      .select({
        analysisId: snapshots.analysisId,
        at: snapshots.takenAt,
        followers: snapshots.followersCount,
        following: snapshots.followingCount,
        source: analyses.source,
      })
      .from(snapshots)
      .innerJoin(analyses, eq(analyses.id, snapshots.analysisId))
      .where(eq(snapshots.userId, user.id))
      .orderBy(asc(snapshots.takenAt));
    const points = rows.slice(-HISTORY_POINTS);
    const since = points[0]?.at;
    // Tallied by a committed snapshot's analysis only: a commit writes its events before the transaction
    // that inserts its snapshot (issue 31), so an analysis still committing shows none.
    const events = since
      ? await db
          .select({ analysisId: followEvents.analysisId, kind: followEvents.kind, total: count() })
          .from(followEvents)
          .where(and(eq(followEvents.userId, user.id), gte(followEvents.at, since)))
          .groupBy(followEvents.analysisId, followEvents.kind)
      : [];
    const tally = (analysisId: string, kind: string) =>
      events.find((event) => event.analysisId === analysisId && event.kind === kind)?.total ?? 0;
    // A connected account's days: the API's daily follower counts and follows/unfollows, and our own
    // record of the totals on the days we collected (issue 18).
    const days = user.officialCollectedAt ? await officialDaysOf(db, user.id) : [];
    const official = days
      .filter((day) => day.followers !== null)
      .slice(-HISTORY_POINTS)
      .map((day) => ({
        at: `${day.day}T23:59:59.000Z`,
        followers: day.followers ?? 0,
        following: day.following,
        gained: day.follows,
        lost: day.unfollows,
        visits: day.profileViews,
        source: 'official',
      }));
    return {
      status: true,
      points: [
        ...official,
        ...points.map((point) => ({
          at: point.at.toISOString(),
          followers: point.followers,
          following: point.following,
          gained: tally(point.analysisId, 'followed'),
          lost: tally(point.analysisId, 'unfollowed'),
          // Each point says where it came from: the chart marks sample points as the demo's.
          source: point.source,
        })),
      ],
    };
  });
}

// The insight summary (spec §4 Insight, §7) and the follower history behind the growth chart.
import { and, asc, count, eq, gte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Provenance } from '../../../common/schema/provenance.ts';
import { officialCountsSchema } from '../../../common/schema/user.ts';
import type { CollectorCore } from '../../../wasm/collector.ts';
import { importedPosts } from '../../analysis/imports.ts';
import type { AppDeps } from '../../app.ts';
import { accountOf, requireSubscriber } from '../../auth/guard.ts';
import type { UserRow } from '../../auth/tokens.ts';
import { analyses, followEvents, snapshots, users } from '../../db/schema.ts';
import { accountGate } from '../../http/account-gates.ts';
import { validated } from '../../http/validation.ts';
import { localeOf, type ServerMessage, translate } from '../../i18n/messages.ts';
import { modelInsight } from '../../insights/model.ts';
import {
  type Insight,
  type InsightFacts,
  type PostFigures,
  sourceSentence,
  writeInsight,
} from '../../insights/writer.ts';
import type { Services } from '../../services.ts';
import type { SourceConnector } from '../../source/connector.ts';
import { officialDaysOf, officialPosts } from '../../source/official/store.ts';
import { figuresProvenance, hasSampleSource } from '../../source/sources.ts';
import { downloadMetricsOf, metricsOf } from './posts.ts';

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
  source: Provenance;
  generated_at: string;
  day: string;
  count: number;
  writer: 'rules' | 'model';
}

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
      const facts = await factsOf(user);
      const locale = localeOf(language);
      const fromModel = settings.openai ? await modelInsight(settings.openai, facts, locale) : undefined;
      if (settings.openai && !fromModel) request.log.warn('insight model failed; the rule writer answered');
      const written = fromModel ?? writeInsight(facts, locale);
      // Whichever writer wrote it, the summary ends by saying where its figures came from.
      const insight = { ...written, summary: `${written.summary} ${sourceSentence(facts.source, locale)}` };
      const now = clock();
      const day = now.toISOString().slice(0, 10);
      const previous = user.chatGptData as StoredInsight | null;
      const stored: StoredInsight = {
        ...insight,
        source: facts.source,
        generated_at: now.toISOString(),
        day,
        count: previous?.day === day ? previous.count + 1 : 1,
        writer: fromModel ? 'model' : 'rules',
      };
      await db.update(users).set({ chatGptData: stored, isInsight: true }).where(eq(users.id, user.id));
      return {
        status: true,
        summary: insight.summary,
        actionable_insights: insight.actionable_insights,
        source: facts.source,
      };
    },
  );

  /** The stored figures the insight is written from, and where they came from. */
  async function factsOf(user: UserRow): Promise<InsightFacts> {
    const source = figuresProvenance(user);
    if (!source) throw new Error('factsOf needs an account with figures');
    const [first] = await db
      .select({ takenAt: snapshots.takenAt, followers: snapshots.followersCount })
      .from(snapshots)
      .innerJoin(analyses, eq(analyses.id, snapshots.analysisId))
      .where(and(eq(snapshots.userId, user.id), eq(analyses.source, source.source)))
      .orderBy(asc(snapshots.takenAt))
      .limit(1);
    const [{ total = 0 } = {}] = await db
      .select({ total: count() })
      .from(snapshots)
      .innerJoin(analyses, eq(analyses.id, snapshots.analysisId))
      .where(and(eq(snapshots.userId, user.id), eq(analyses.source, source.source)));
    const now = clock();
    let figures: { post: PostFigures; reel: PostFigures } | undefined;
    if (source.source === 'official') return officialFacts(user, source, now);
    if (source.source === 'sample') {
      const found = await network.posts(user.username);
      const posts = found.kind === 'ok' ? found.value : [];
      if (posts.length) {
        figures = {
          post: metricsOf(
            core,
            posts.filter((post) => !post.isReel),
            now,
            user.totalFollowers,
          ),
          reel: metricsOf(
            core,
            posts.filter((post) => post.isReel),
            now,
            user.totalFollowers,
          ),
        };
      }
    } else {
      // A download tells how often the owner posts, never how posts do.
      const own = (await importedPosts(db, user.id)) ?? [];
      if (own.length) {
        figures = {
          post: downloadMetricsOf(
            core,
            own.filter((post) => !post.reel),
            now,
          ),
          reel: downloadMetricsOf(
            core,
            own.filter((post) => post.reel),
            now,
          ),
        };
      }
    }
    return {
      source,
      counts: {
        new_followers_count: user.newFollowers,
        lost_followers_count: user.followersLost,
        not_follows_back_count: user.notFollowsBack,
        i_do_not_follow_back_count: user.dontFollowBack,
        // Who viewed a profile: only the sample network's demo has such a list; no other source counts them.
        profile_view_count: source.source === 'sample' ? user.profileViewsCount : null,
        mutual_following_count: user.mutualFollowers,
      },
      followers: user.totalFollowers,
      following: user.totalFollowing,
      isPrivate: user.isPrivate,
      history: first && total > 1 ? { firstAt: first.takenAt, firstFollowers: first.followers } : undefined,
      posts: figures?.post,
      reels: figures?.reel,
    };
  }

  /**
   * An official-API account's facts (issue 18): its posts' true figures, follows and unfollows and
   * profile visits of the last 7 days, its follower history by day; the three counts that need names are
   * the download's when one was imported, else unknown (null), never a 0.
   */
  async function officialFacts(user: UserRow, source: Provenance, now: Date): Promise<InsightFacts> {
    const posts = await officialPosts(db, user.id);
    const days = await officialDaysOf(db, user.id);
    const first = days.find((day) => day.followers !== null);
    const names = user.downloadTakenAt !== null;
    return {
      source,
      counts: {
        new_followers_count: user.newFollowers,
        lost_followers_count: user.followersLost,
        not_follows_back_count: names ? user.notFollowsBack : null,
        i_do_not_follow_back_count: names ? user.dontFollowBack : null,
        profile_view_count: user.profileViewsCount,
        mutual_following_count: names ? user.mutualFollowers : null,
      },
      followers: user.totalFollowers,
      following: user.totalFollowing,
      isPrivate: false,
      // A count the API left out is not a 0 to write about (issues 36, 49).
      followsUnavailable:
        user.newFollowers === null || officialCountsSchema.safeParse(user.officialCounts).data?.week.follows === null,
      history:
        first && days.length > 1
          ? { firstAt: new Date(`${first.day}T23:59:59Z`), firstFollowers: first.followers ?? 0 }
          : undefined,
      posts: posts.length
        ? metricsOf(
            core,
            posts.filter((post) => !post.isReel),
            now,
            user.totalFollowers,
          )
        : undefined,
      reels: posts.some((post) => post.isReel)
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

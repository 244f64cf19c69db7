// Post and reel analytics (spec §2, §3, §7): the metrics, the three post groups, and the comments
// the worker scores for the sentiment screen.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { ImportedPost } from '../../../common/schema/imports.ts';
import type { Provenance } from '../../../common/schema/provenance.ts';
import { type CollectorCore, METRICS, type PostColumns } from '../../../wasm/collector.ts';
import { importedPosts } from '../../analysis/imports.ts';
import { accountOf, requireSubscriber } from '../../auth/guard.ts';
import type { UserRow } from '../../auth/tokens.ts';
import { accountGate } from '../../http/account-gates.ts';
import { validated } from '../../http/validation.ts';
import { type ServerMessage, translate } from '../../i18n/messages.ts';
import type { Services } from '../../services.ts';
import type { SourceConnector, SourcePost } from '../../source/connector.ts';
import { officialComments, officialPosts } from '../../source/official/store.ts';
import { figureSource, figuresProvenance, hasOfficialFigures, hasSampleSource } from '../../source/sources.ts';

/** spec §3 Post. */
export interface PostBody {
  post_short_code: string;
  post_thumbnail: string;
  post_url: string;
  post_type: 'image' | 'video';
  child_posts: { insta_post_type: 'image' | 'video'; insta_post_url: string; insta_thumbnail: string }[];
  value: number;
}

export const POST_GROUPS = {
  mostLiked: (post: SourcePost) => post.likes,
  mostCommented: (post: SourcePost) => post.comments,
  mostEngaged: (post: SourcePost) => post.likes + post.comments,
} as const;
export type PostGroup = keyof typeof POST_GROUPS;

const groupParams = z.object({
  group: z.enum(['mostLiked', 'mostCommented', 'mostEngaged']),
  isReel: z.enum(['true', 'false', '1', '0']),
});
// The screen shows a group's first 3 posts and "view all" asks for the rest: `limit` lets the screen fetch
// only what it shows (a group of every post was the largest answer of post analytics' first paint on a
// phone, parsed and stored to show 3; issue 31). post_count stays the whole group's.
const groupQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000))),
});
const commentParams = z.object({ shortCode: z.string().check(z.regex(/^[\w-]{5,40}$/)) });

export function postBody(post: SourcePost, value: number): PostBody {
  return {
    post_short_code: post.shortCode,
    post_thumbnail: post.thumbnailUrl,
    post_url: post.url,
    post_type: post.type,
    child_posts: post.children.map((child) => ({
      insta_post_type: child.type,
      insta_post_url: child.url,
      insta_thumbnail: child.thumbnailUrl,
    })),
    value,
  };
}

type Metrics<T> = Record<(typeof METRICS)[number], T>;

/** The core's metrics of these columns: averages and rates to two decimals; null where `known` says no. */
function computeMetrics(
  core: CollectorCore,
  columns: PostColumns,
  now: Date,
  followers: number,
  known: (name: string) => boolean = () => true,
): Metrics<number | null> {
  const values = core.postMetrics(columns, now.getTime() / 1000, followers);
  return Object.fromEntries(
    METRICS.map((name, i) => [name, known(name) ? Math.round((values[i] ?? 0) * 100) / 100 : null]),
  ) as Metrics<number | null>;
}

/** The metrics that read views: unavailable when a post's views were not given (issue 49), never a 0. */
const FROM_VIEWS = new Set<string>(['most_post_views', 'avg_post_views']);

/** The metrics of these posts as spec §3 names them, computed by the collector core. */
export function metricsOf(core: CollectorCore, posts: SourcePost[], now: Date, followers: number) {
  const column = (value: (post: SourcePost) => number) => Float64Array.from(posts, value);
  const columns = {
    likes: column((post) => post.likes),
    comments: column((post) => post.comments),
    views: column((post) => post.views ?? 0),
    takenAt: column((post) => post.takenAt),
    isVideo: column((post) => (post.type === 'video' ? 1 : 0)),
  };
  const viewsKnown = posts.every((post) => post.views !== null);
  return computeMetrics(core, columns, now, followers, (name) => viewsKnown || !FROM_VIEWS.has(name));
}

/** What a data download tells of posts: counts and dates, never likes, comments or views. */
const FROM_DOWNLOADS = new Set<string>([
  'post_count',
  'post_videos_count',
  'post_images_count',
  'last_post_days',
  'post_frequency',
]);

/** The metrics of the owner's posts from a download; the rest are null ("unavailable"), never invented. */
export function downloadMetricsOf(core: CollectorCore, posts: ImportedPost[], now: Date) {
  const zeros = new Float64Array(posts.length);
  const columns = {
    likes: zeros,
    comments: zeros,
    views: zeros,
    takenAt: Float64Array.from(posts, (post) => post.at),
    isVideo: Float64Array.from(posts, (post) => (post.video ? 1 : 0)),
  };
  return computeMetrics(core, columns, now, 0, (name) => FROM_DOWNLOADS.has(name));
}

/** spec §3's metrics, every one unavailable: an account whose sources give no post figures. */
function noMetrics(): Metrics<null> {
  return Object.fromEntries(METRICS.map((name) => [name, null])) as Metrics<null>;
}

export function postRoutes(app: FastifyInstance, services: Services, source: SourceConnector, core: CollectorCore) {
  const { db, clock, settings } = services;
  // Issue 48: post analytics' reads take turns per account, and are counted.
  const auth = { onRequest: requireSubscriber(db), preHandler: accountGate(app, settings.accountLimits, 'posts') };

  const refuse = (request: FastifyRequest, reply: FastifyReply, status: number, key: ServerMessage) =>
    reply.status(status).send({ status: false, message: translate(key, request.headers['accept-language']) });

  /**
   * Where this account's posts come from (issue 17): its download (counts and dates only), the sample
   * network for its own names, or nothing yet.
   */
  const postSourceOf = (user: UserRow): 'official' | 'download' | 'sample' | undefined =>
    hasOfficialFigures(user)
      ? 'official'
      : figureSource(user) === 'download'
        ? 'download'
        : hasSampleSource(settings, user.username)
          ? 'sample'
          : undefined;

  /**
   * The user's posts with their provenance: from the official API's last collection (issue 18), or the
   * sample network's now; undefined with a reply already sent (busy network).
   */
  async function postsOf(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ posts: SourcePost[]; source: Provenance } | undefined> {
    const { user } = accountOf(request);
    if (user.officialCollectedAt) {
      const provenance = { source: 'official' as const, at: user.officialCollectedAt.toISOString() };
      return { posts: await officialPosts(db, user.id), source: provenance };
    }
    const found = await source.posts(user.username);
    if (found.kind === 'ok') return { posts: found.value, source: { source: 'sample', at: clock().toISOString() } };
    // Not awaited: a reply is thenable, and awaiting it would wait for the response to finish.
    if (found.kind === 'notFound') void refuse(request, reply, 404, 'invalidUsername');
    else void refuse(request, reply, 503, found.kind === 'unsupported' ? 'postsUnavailable' : 'serverError');
    return undefined;
  }

  app.get('/client/postAnalysis/', auth, async (request, reply) => {
    const { user } = accountOf(request);
    const now = clock();
    const from = postSourceOf(user);
    if (from === 'download') {
      // Issue 9: the owner's own posts from their download feed what a download can tell.
      const own = await importedPosts(db, user.id);
      // Issue 51: a download asked for without its posts tells none of them: "not in your download", never 0.
      if (own === null) {
        return {
          status: true,
          metrics: noMetrics(),
          reel_metrics: noMetrics(),
          updated_at: now.toISOString(),
          source: figuresProvenance(user) ?? null,
          unavailable: { needs: ['official'] },
          gaps: Object.fromEntries([...FROM_DOWNLOADS].map((name) => [name, 'not_in_download'])),
        };
      }
      return {
        status: true,
        metrics: downloadMetricsOf(
          core,
          (own ?? []).filter((post) => !post.reel),
          now,
        ),
        reel_metrics: downloadMetricsOf(
          core,
          (own ?? []).filter((post) => post.reel),
          now,
        ),
        updated_at: now.toISOString(),
        source: figuresProvenance(user) ?? null,
        // Likes, comments and views: only the official API gives them.
        unavailable: { needs: ['official'] },
      };
    }
    if (!from) {
      return {
        status: true,
        metrics: noMetrics(),
        reel_metrics: noMetrics(),
        updated_at: now.toISOString(),
        source: null,
        unavailable: { needs: ['download', 'official'] },
      };
    }
    const found = await postsOf(request, reply);
    if (!found) return reply;
    const { posts } = found;
    return {
      status: true,
      metrics: metricsOf(
        core,
        posts.filter((post) => !post.isReel),
        now,
        user.totalFollowers,
      ),
      reel_metrics: metricsOf(
        core,
        posts.filter((post) => post.isReel),
        now,
        user.totalFollowers,
      ),
      updated_at: found.source.at,
      source: found.source,
    };
  });

  app.get(
    '/client/posts/:group/:isReel/',
    { ...auth, schema: { params: groupParams, querystring: groupQuery } },
    async (request, reply) => {
      const { group, isReel } = validated(request.params, groupParams);
      const { limit } = validated(request.query, groupQuery);
      // Ranking needs likes and comments: a download has none, and its media are the owner's local files.
      const from = postSourceOf(accountOf(request).user);
      if (from !== 'sample' && from !== 'official') {
        return {
          status: true,
          data: { id: group, post_count: 0, posts: [], unavailable: true, needs: ['official'] },
        };
      }
      const found = await postsOf(request, reply);
      if (!found) return reply;
      const { posts } = found;
      const reels = isReel === 'true' || isReel === '1';
      const measure = POST_GROUPS[group];
      const chosen = posts
        .filter((post) => post.isReel === reels)
        .sort((a, b) => measure(b) - measure(a) || b.takenAt - a.takenAt);
      return {
        status: true,
        data: {
          id: group,
          post_count: chosen.length,
          posts: chosen.slice(0, limit).map((post) => postBody(post, measure(post))),
          source: found.source,
        },
      };
    },
  );

  /** The comments of one of the user's own posts, for the worker's sentiment analysis. */
  app.get(
    '/client/posts/comments/:shortCode/',
    { ...auth, schema: { params: commentParams } },
    async (request, reply) => {
      const { shortCode } = validated(request.params, commentParams);
      const { user } = accountOf(request);
      // Comments' text comes only from the official API (the owner's own posts) or the sample network (a demo).
      if (user.officialCollectedAt) {
        const comments = await officialComments(db, user.id, shortCode);
        if (!comments) return refuse(request, reply, 404, 'notFound');
        const provenance = { source: 'official', at: user.officialCollectedAt.toISOString() };
        return { status: true, post_short_code: shortCode, comments, source: provenance };
      }
      if (!hasSampleSource(settings, user.username)) return refuse(request, reply, 409, 'sentimentUnavailable');
      const found = await source.comments(user.username, shortCode);
      if (found.kind === 'ok') {
        const provenance = { source: 'sample', at: clock().toISOString() };
        return { status: true, post_short_code: shortCode, comments: found.value, source: provenance };
      }
      if (found.kind === 'notFound') return refuse(request, reply, 404, 'notFound');
      return refuse(
        request,
        reply,
        503,
        found.kind === 'unsupported' ? 'sentimentUnavailable' : 'sentimentHighTraffic',
      );
    },
  );
}

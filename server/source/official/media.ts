// The owner's posts and reels from the official API (issue 18), a page of 100 at a time, checkpointed
// with the cursor after it so a restart resumes. Issue 36: each page carries every media's insights and
// its first comments by field expansion (`insights.metric(…)`, `comments.limit(…){…}`), so 240 media
// cost 3 calls where one call per media for insights and one for comments cost 480. A page that fails
// as a whole (a media posted before the account became professional answers 2108006 for its insights,
// or a scope left out refuses an expansion) is read again plain, and its media one call each, for that
// page only. Issue 49: the metrics come from the table (metrics.ts). A metric the API refuses in practice
// for some kind of media fails the page it is expanded on, and the answer does not say which media; it
// is left out of the page expansions for the rest of the collection, the other metrics kept. Asked one
// media at a time, a refused metric is dropped for that media type only. Code 1 that persists past its
// retries leaves that media alone without insights.
// Not done (issue 49 Deliver 5 is still open): keeping views and shares for the kinds that accept them
// needs a read that groups media without failing them together. The multiple-ID read (`GET /?ids=…`) is
// closed to it: "Starting November 4, 2026, new apps cannot use multi-ID requests … and existing apps
// cannot introduce new use cases for them. This applies across all Graph API versions."
// (developers.facebook.com/blog/post/2026/11/04/introducing-graph-api-v27-and-marketing-api-v27/).
// One call per media (about 200 of 240 lack one of the two) is past the 3× budget.
import { eq, sql } from 'drizzle-orm';
import { Cancelled } from '../../analysis/collect.ts';
import { analyses, officialMedia } from '../../db/schema.ts';
import { GraphError } from './graph.ts';
import { type MediaMetricName, POST_METRICS } from './metrics.ts';
import {
  type CommentNode,
  graphTime,
  type InsightValue,
  lifetime,
  type MediaNode,
  type OfficialDeps,
  orUnavailable,
  stillHeld,
} from './shapes.ts';

/** Media asked for per page (the platform's documented maximum for the media edge is 100). */
export const MEDIA_PAGE = 100;
/** Comments kept per post for the sentiment screen: the newest, as the API lists them. */
export const COMMENTS_PER_POST = 1_000;
/** Comments each media carries in its page; a post with more has the rest paged after. */
const COMMENTS_IN_PAGE = 50;
/** A post older than this whose likes and comments did not move keeps its insights (plain pages only). */
const SETTLED_AFTER_MS = 30 * 24 * 3600_000;

const MEDIA_FIELDS =
  'id,media_type,media_product_type,media_url,thumbnail_url,permalink,shortcode,timestamp,like_count,comments_count,' +
  'children{media_type,media_url,thumbnail_url}';
const COMMENT_FIELDS = 'id,text,timestamp,replies{id,text,timestamp}';
const insightsField = (metrics: readonly MediaMetricName[]) => `insights.metric(${metrics.join(',')})`;
const COMMENTS_FIELD = `comments.limit(${COMMENTS_IN_PAGE}){${COMMENT_FIELDS}}`;
/** Error subcode of a media posted before the account's latest switch to a professional account. */
const BEFORE_PROFESSIONAL = 2108006;

/** What one collection learns of the metrics the API refuses in practice (metrics.ts `refusedFor`). */
export interface Refusals {
  /** Refused on a page of media: left out of every page expansion after it. */
  onPages: Set<MediaMetricName>;
  /** Refused for one media asked alone: dropped for its kind (`FEED/IMAGE`) for the rest of the collection. */
  byKind: Map<string, Set<MediaMetricName>>;
}

export const noRefusals = (): Refusals => ({ onPages: new Set(), byKind: new Map() });

/** A media's kind as the API tells them apart: product type and media type. */
const kindOf = (node: MediaNode) => `${node.media_product_type ?? 'FEED'}/${node.media_type ?? 'IMAGE'}`;

/** What we hold of a media already: its comments are read again only when their count moved. */
interface Known {
  likes: number;
  comments: number;
  has: boolean;
  measured: boolean;
}

async function knownMedia(deps: OfficialDeps, userId: string): Promise<Map<string, Known>> {
  const rows = await deps.db
    .select({
      id: officialMedia.mediaId,
      likes: officialMedia.likes,
      comments: officialMedia.comments,
      has: sql<boolean>`comment_texts is not null`,
      measured: sql<boolean>`${officialMedia.reach} is not null`,
    })
    .from(officialMedia)
    .where(eq(officialMedia.userId, userId));
  return new Map(rows.map((media) => [media.id, media]));
}

/** The text of each comment and its replies. */
function textsOf(comments: CommentNode[]): string[] {
  return comments.flatMap((comment) => [
    ...(comment.text ? [comment.text] : []),
    ...(comment.replies?.data ?? []).flatMap((reply) => (reply.text ? [reply.text] : [])),
  ]);
}

/** Comments from `from` (a page of the comments edge, or its first page by id) until COMMENTS_PER_POST. */
async function pagedComments(deps: OfficialDeps, token: string, from: string, signal: AbortSignal, texts: string[]) {
  const pages = deps.graph.pages<CommentNode>(
    from,
    { fields: COMMENT_FIELDS, limit: String(COMMENTS_IN_PAGE) },
    token,
    signal,
  );
  for await (const page of pages) {
    texts.push(...textsOf(page.data));
    if (texts.length >= COMMENTS_PER_POST) break;
  }
  return texts.slice(0, COMMENTS_PER_POST);
}

/** What a media needs asked: its comments again only when their count moved or we hold none. */
const commentsMoved = (node: MediaNode, before: Known | undefined) =>
  (node.comments_count ?? 0) > 0 && !(before?.has && before.comments === node.comments_count);

/** A media's comments when its page carried the first of them: more are paged only when they moved. */
async function expandedComments(
  deps: OfficialDeps,
  token: string,
  node: MediaNode,
  before: Known | undefined,
  signal: AbortSignal,
) {
  if ((node.comments_count ?? 0) === 0) return [];
  const first = textsOf(node.comments?.data ?? []);
  const more = node.comments?.paging?.next;
  if (!more) return first;
  return commentsMoved(node, before) ? orUnavailable(() => pagedComments(deps, token, more, signal, first)) : undefined;
}

/** A media's comments asked on their own (a page read plain): only when their count moved. */
async function ownComments(
  deps: OfficialDeps,
  token: string,
  node: MediaNode,
  before: Known | undefined,
  signal: AbortSignal,
) {
  if ((node.comments_count ?? 0) === 0) return [];
  if (!commentsMoved(node, before)) return undefined;
  return orUnavailable(() => pagedComments(deps, token, `/${node.id}/comments`, signal, []));
}

/** A media's insights asked on their own: one call, unless they settled (issue 18's way, for a page read plain). */
async function ownInsights(
  deps: OfficialDeps,
  token: string,
  node: MediaNode,
  before: Known | undefined,
  refusals: Refusals,
  signal: AbortSignal,
) {
  // A post's insights settle: one older than a month whose likes and comments did not move keeps the
  // insights we hold.
  const settled =
    before?.measured &&
    before.likes === (node.like_count ?? 0) &&
    before.comments === (node.comments_count ?? 0) &&
    graphTime(node.timestamp).getTime() < deps.clock().getTime() - SETTLED_AFTER_MS;
  if (settled) return undefined;
  const kind = kindOf(node);
  const dropped = refusals.byKind.get(kind) ?? new Set<MediaMetricName>();
  refusals.byKind.set(kind, dropped);
  for (;;) {
    const metrics = POST_METRICS.filter((metric) => !dropped.has(metric));
    if (!metrics.length) return undefined;
    try {
      return await deps.graph.get<{ data?: InsightValue[] }>(
        `/${node.id}/insights`,
        { metric: metrics.join(',') },
        token,
        signal,
      );
    } catch (error) {
      // A refusal names its metric: drop it for this kind of media and ask the rest again.
      if (!(error instanceof GraphError && error.problem.kind === 'refused')) {
        return orUnavailable(() => Promise.reject(error), deps.log);
      }
      dropped.add(error.problem.metric);
      deps.log?.warn({ metric: error.problem.metric, kind }, 'official API refuses a metric for this kind of media');
    }
  }
}

/** A page of media and what it carries: its media's insights (expanded, or to ask each), their first comments. */
interface MediaPage {
  data: MediaNode[];
  next: string | null;
  insights: 'expanded' | 'each' | 'none';
  comments: boolean;
}

/**
 * One page of media, expanded. When it fails as a whole: a metric refused in practice is left out of
 * this and every later page's expansion and the page read again; for 2108006 (a media from before the
 * account became professional) or code 1 past its retries (one media that always fails) it is read again
 * with the comments but without the insights, which its media then ask one by one; for a call the API
 * refused as malformed (our defect, logged) it is read without insights; for anything else the page's
 * figures refuse (a scope left out), it is read plain.
 */
async function mediaPage(
  deps: OfficialDeps,
  token: string,
  url: string,
  refusals: Refusals,
  signal: AbortSignal,
): Promise<MediaPage> {
  const read = async (insights: MediaPage['insights'], comments: boolean) => {
    const metrics = POST_METRICS.filter((metric) => !refusals.onPages.has(metric));
    const expand = insights === 'expanded' && metrics.length > 0;
    const fields = [MEDIA_FIELDS, ...(expand ? [insightsField(metrics)] : []), ...(comments ? [COMMENTS_FIELD] : [])];
    const page = await deps.graph.page<MediaNode>(
      url,
      { fields: fields.join(','), limit: String(MEDIA_PAGE) },
      token,
      signal,
    );
    return { ...page, insights: expand || insights !== 'expanded' ? insights : 'none', comments };
  };
  /** Why the page's figures were refused, or undefined for a failure that ends the collection. */
  const problemOf = (error: unknown) =>
    error instanceof GraphError &&
    (['unavailable', 'refused', 'unknown', 'defect'] as const).some((kind) => kind === error.problem.kind)
      ? error.problem
      : undefined;
  for (;;) {
    try {
      return await read('expanded', true);
    } catch (error) {
      const problem = problemOf(error);
      if (!problem) throw error;
      if (problem.kind === 'refused') {
        refusals.onPages.add(problem.metric);
        deps.log?.warn(
          { metric: problem.metric },
          'official API refuses a metric on a page of media: left out of pages',
        );
        continue;
      }
      if (problem.kind === 'defect' && error instanceof GraphError) {
        deps.log?.error(
          { params: error.call?.params, path: error.call?.path, api: problem.message },
          'official API refused a page of ours as malformed (a defect, not a missing figure)',
        );
        return read('none', true);
      }
      if ((problem.kind === 'unavailable' && problem.subcode === BEFORE_PROFESSIONAL) || problem.kind === 'unknown') {
        try {
          return await read('each', true);
        } catch (again) {
          if (!problemOf(again)) throw again;
        }
      }
      return read('each', false);
    }
  }
}

function childrenOf(node: MediaNode) {
  return (node.children?.data ?? []).map((child) => ({
    type: child.media_type === 'VIDEO' ? ('video' as const) : ('image' as const),
    url: child.media_url ?? '',
    thumbnailUrl: child.thumbnail_url ?? child.media_url ?? '',
  }));
}

/** Collects the media from the analysis's checkpoint to the end, a page per transaction. */
export async function collectMedia(
  deps: OfficialDeps,
  token: string,
  igId: string,
  userId: string,
  analysisId: string,
  owner: string,
  signal: AbortSignal,
) {
  const { db, clock } = deps;
  const [row] = await db.select({ cursor: analyses.mediaCursor }).from(analyses).where(eq(analyses.id, analysisId));
  if (row?.cursor === 'done') return;
  const known = await knownMedia(deps, userId);
  const refusals = noRefusals();
  let url: string | null = row?.cursor ?? `/${igId}/media`;
  while (url) {
    const page = await mediaPage(deps, token, url, refusals, signal);
    const rows: (typeof officialMedia.$inferInsert)[] = [];
    for (const node of page.data) {
      if (signal.aborted) throw new Cancelled();
      const before = known.get(node.id);
      const insights =
        page.insights === 'expanded'
          ? node.insights
          : page.insights === 'each'
            ? await ownInsights(deps, token, node, before, refusals, signal)
            : undefined;
      const texts = page.comments
        ? await expandedComments(deps, token, node, before, signal)
        : await ownComments(deps, token, node, before, signal);
      rows.push({
        userId,
        mediaId: node.id,
        shortcode: node.shortcode ?? node.id,
        product: node.media_product_type === 'REELS' ? 'REELS' : 'FEED',
        mediaType: node.media_type ?? 'IMAGE',
        takenAt: graphTime(node.timestamp),
        likes: node.like_count ?? 0,
        comments: node.comments_count ?? 0,
        views: lifetime(insights, 'views'),
        reach: lifetime(insights, 'reach'),
        saved: lifetime(insights, 'saved'),
        shares: lifetime(insights, 'shares'),
        interactions: lifetime(insights, 'total_interactions'),
        permalink: node.permalink ?? '',
        mediaUrl: node.media_url ?? '',
        thumbnailUrl: node.thumbnail_url ?? node.media_url ?? '',
        children: childrenOf(node),
        ...(texts !== undefined && { commentTexts: texts }),
        collectedAt: clock(),
      });
    }
    await savePage(deps, analysisId, owner, rows, page.next);
    url = page.next;
  }
}

/** The page and the cursor after it together: a restart neither skips nor repeats a page. */
async function savePage(
  deps: OfficialDeps,
  analysisId: string,
  owner: string,
  rows: (typeof officialMedia.$inferInsert)[],
  next: string | null,
) {
  const { db, clock } = deps;
  await db.transaction(async (tx) => {
    await stillHeld(tx as unknown as typeof db, analysisId, owner, {
      mediaCursor: next ?? 'done',
      followersCollected: sql`${analyses.followersCollected} + ${rows.length}`,
      updatedAt: clock(),
    });
    if (!rows.length) return;
    await tx
      .insert(officialMedia)
      .values(rows)
      .onConflictDoUpdate({
        target: [officialMedia.userId, officialMedia.mediaId],
        set: {
          likes: sql`excluded.likes`,
          comments: sql`excluded.comments`,
          // Insights not given this time (a settled post, a media from before the account turned
          // professional) keep what we hold.
          views: sql`coalesce(excluded.views, ${officialMedia.views})`,
          reach: sql`coalesce(excluded.reach, ${officialMedia.reach})`,
          saved: sql`coalesce(excluded.saved, ${officialMedia.saved})`,
          shares: sql`coalesce(excluded.shares, ${officialMedia.shares})`,
          interactions: sql`coalesce(excluded.interactions, ${officialMedia.interactions})`,
          mediaUrl: sql`excluded.media_url`,
          thumbnailUrl: sql`excluded.thumbnail_url`,
          children: sql`excluded.children`,
          commentTexts: sql`coalesce(excluded.comment_texts, ${officialMedia.commentTexts})`,
          collectedAt: sql`excluded.collected_at`,
        },
      });
  });
}

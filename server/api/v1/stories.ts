// Stories (spec §2 Stories list, §3 Story user/item, §7 client/stories) and the downloader
// (spec §7 download/stories/reel). Media URLs in these answers are signed proxy URLs (server/media).
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { postCodeOf, usernameOf } from '../../../common/schema/download.ts';
import type { StoryUser } from '../../../common/schema/lists.ts';
import { TEXT_MAX, text } from '../../../common/schema/text.ts';
import { accountOf, requireSubscriber } from '../../auth/guard.ts';
import { storyPages } from '../../db/schema.ts';
import { accountGate } from '../../http/account-gates.ts';
import { validated } from '../../http/validation.ts';
import { type ServerMessage, translate } from '../../i18n/messages.ts';
import type { Services } from '../../services.ts';
import type { SourceConnector } from '../../source/connector.ts';
import { officialPosts, officialStories } from '../../source/official/store.ts';
import { hasSampleSource } from '../../source/sources.ts';
import { fetchAndKeepStoryPage, storyUserBody } from '../../source/story-pages.ts';
import { withSeen } from './story-watches.ts';

/** How long a stored story page answers a callDB request. */
const STORED_PAGE_MS = 10 * 60_000;
const MAX_PAGE = 30;

const pageParams = z.object({
  size: z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE)),
  id: z.string().check(z.regex(/^\d{1,12}$/)),
});
const flag = z._default(z.enum(['true', 'false', '1', '0']), 'false');
const pageQuery = z.object({ callDB: flag, refresh: flag });
const downloadBody = z.object({
  // A username (or a profile link to one) or a post's link, as typed; usernameOf and postCodeOf read them.
  username: z._default(text(TEXT_MAX.url), ''),
  post_url: z._default(text(TEXT_MAX.url), ''),
});

const isTrue = (value: string) => value === 'true' || value === '1';

export function storyRoutes(app: FastifyInstance, services: Services, source: SourceConnector, networkHosts: string[]) {
  const { db, clock, settings } = services;
  const auth = { onRequest: requireSubscriber(db) };
  // Issue 48: stories' pages and the downloader take turns per account; a refresh, which asks the source
  // again, is counted on its own tighter limit.
  const gated = accountGate(app, settings.accountLimits, 'stories');
  const pages = accountGate(app, settings.accountLimits, 'stories', {
    limit: 'storyRefreshes',
    when: (request) => isTrue((request.query as { refresh?: string }).refresh ?? ''),
  });
  // Other people's stories and media: no legitimate source gives them, so they are the sample network's
  // demo only, for its own accounts (issue 17). A real account is told so plainly.
  const isDemo = (request: FastifyRequest) => hasSampleSource(settings, accountOf(request).user.username);
  const sampleAt = (at: Date) => ({ source: 'sample' as const, at: at.toISOString() });

  const refuse = (request: FastifyRequest, reply: FastifyReply, status: number, key: ServerMessage) =>
    reply.status(status).send({ status: false, message: translate(key, request.headers['accept-language']) });

  app.get(
    '/client/stories/:size/:id/',
    { ...auth, preHandler: pages, schema: { params: pageParams, querystring: pageQuery } },
    async (request, reply) => {
      const { user } = accountOf(request);
      const { size, id } = validated(request.params, pageParams);
      const query = validated(request.query, pageQuery);
      const cursor = id === '0' ? '' : id;
      const now = clock();
      if (user.officialCollectedAt) {
        // The owner's own stories from the official API's last collection: one account, one page.
        const own = await ownStories(user.id, now.getTime());
        const at = own?.at ?? user.officialCollectedAt;
        const stories = id === '0' && own?.story ? [storyUserBody(own.story)] : [];
        return {
          status: true,
          stories: await withSeen(db, user.id, stories),
          next_id: '',
          source: { source: 'official', at: at.toISOString() },
        };
      }
      if (!isDemo(request)) return refuse(request, reply, 404, 'storiesUnavailable');
      if (isTrue(query.refresh)) await db.delete(storyPages).where(eq(storyPages.userId, user.id));
      if (isTrue(query.callDB)) {
        const [stored] = await db
          .select()
          .from(storyPages)
          .where(
            and(
              eq(storyPages.userId, user.id),
              eq(storyPages.cursor, cursor),
              eq(storyPages.size, size),
              gt(storyPages.fetchedAt, new Date(now.getTime() - STORED_PAGE_MS)),
            ),
          );
        if (stored) {
          return {
            status: true,
            stories: await withSeen(db, user.id, stored.users as StoryUser[]),
            next_id: stored.next ?? '',
            source: sampleAt(stored.fetchedAt),
          };
        }
      }
      const found = await fetchAndKeepStoryPage(db, source, {
        userId: user.id,
        username: user.username,
        cursor,
        size,
        now,
      });
      if (found.kind === 'failed') return refuse(request, reply, 503, 'serverError');
      if (found.kind !== 'ok') return refuse(request, reply, 404, 'storiesUnavailable');
      const { users, next } = found;
      return { status: true, stories: await withSeen(db, user.id, users), next_id: next, source: sampleAt(now) };
    },
  );

  /** The owner's stories at the last collection, the expired ones left out. */
  async function ownStories(userId: string, now: number) {
    const found = await officialStories(db, userId);
    const story = found?.stories;
    if (!story) return found && { at: found.at, story: undefined };
    const items = story.items.filter((item) => item.expiringAt > now);
    return { at: found.at, story: items.length ? { ...story, items } : undefined };
  }

  /** The downloader for an official-API account: its own posts, reels and stories only (issue 18). */
  async function ownDownload(request: FastifyRequest, reply: FastifyReply, body: z.infer<typeof downloadBody>) {
    const { user } = accountOf(request);
    const at = (user.officialCollectedAt ?? clock()).toISOString();
    const source = { source: 'official' as const, at };
    if (body.post_url.trim()) {
      const code = postCodeOf(body.post_url, networkHosts);
      if (!code) return refuse(request, reply, 400, 'notAPostLink');
      const post = (await officialPosts(db, user.id)).find((own) => own.shortCode === code);
      if (!post) return refuse(request, reply, 404, 'officialOwnMediaOnly');
      const items = post.children.length
        ? post.children.map((child) => ({ url: child.url, thumbnail_image: child.thumbnailUrl }))
        : [{ url: post.url, thumbnail_image: post.thumbnailUrl }];
      const reel = post.type === 'video' ? post.url : '';
      return { status: true, reel, posts: items, stories: [], username: user.officialUsername ?? '', source };
    }
    if (body.username.trim()) {
      const username = usernameOf(body.username);
      if (!username) return refuse(request, reply, 400, 'accountNotFound');
      if (username !== user.officialUsername?.toLowerCase()) return refuse(request, reply, 404, 'officialOwnMediaOnly');
      const own = await ownStories(user.id, clock().getTime());
      const stories = (own?.story?.items ?? []).map((item) => ({ url: item.url, thumbnail_image: item.thumbnailUrl }));
      return { status: true, reel: '', posts: [], stories, username: user.officialUsername, source };
    }
    return refuse(request, reply, 400, 'downloadNeedsInput');
  }

  app.post(
    '/client/download/stories/reel/',
    { ...auth, preHandler: gated, schema: { body: downloadBody } },
    async (request, reply) => {
      const body = validated(request.body, downloadBody);
      if (accountOf(request).user.officialCollectedAt) return ownDownload(request, reply, body);
      if (!isDemo(request)) return refuse(request, reply, 409, 'downloaderUnavailable');
      if (body.post_url.trim()) {
        const code = postCodeOf(body.post_url, networkHosts);
        if (!code) return refuse(request, reply, 400, 'notAPostLink');
        const found = await source.post(code);
        if (found.kind === 'rateLimited' || found.kind === 'failed') return refuse(request, reply, 503, 'serverError');
        if (found.kind !== 'ok') return refuse(request, reply, 404, 'postNotFound');
        const { post, username } = found.value;
        const items = post.children.length
          ? post.children.map((child) => ({ url: child.url, thumbnail_image: child.thumbnailUrl }))
          : [{ url: post.url, thumbnail_image: post.thumbnailUrl }];
        return {
          status: true,
          reel: post.type === 'video' ? post.url : '',
          posts: items,
          stories: [],
          username,
          source: sampleAt(clock()),
        };
      }
      if (body.username.trim()) {
        const username = usernameOf(body.username);
        if (!username) return refuse(request, reply, 400, 'accountNotFound');
        // The asker lets the sample network find the people its demo screens showed (issue 34).
        const found = await source.storiesOf(username, accountOf(request).user.username);
        if (found.kind === 'rateLimited' || found.kind === 'failed') return refuse(request, reply, 503, 'serverError');
        if (found.kind === 'unsupported') return refuse(request, reply, 404, 'downloaderUnavailable');
        if (found.kind !== 'ok') return refuse(request, reply, 404, 'accountNotFound');
        const now = clock().getTime();
        const stories = found.value.items
          .filter((item) => item.expiringAt > now)
          .map((item) => ({ url: item.url, thumbnail_image: item.thumbnailUrl }));
        return {
          status: true,
          reel: '',
          posts: [],
          stories,
          username: found.value.username,
          source: sampleAt(new Date(now)),
        };
      }
      return refuse(request, reply, 400, 'downloadNeedsInput');
    },
  );
}

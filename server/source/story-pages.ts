// Story pages of the sample network (spec §7 client/stories; issue 36): fetched from the source, the
// expired items left out, and kept in story_pages so a callDB request needs no network call. Issue 51:
// an analysis keeps the stories list's first page too, whatever the number of story users, so the app
// caches it right after and the list opens offline.
import type { Database } from '../db/client.ts';
import { storyPages } from '../db/schema.ts';
import type { SourceConnector, SourceStoryUser } from './connector.ts';
import type { OfficialStoryUser } from './official/store.ts';

/** The stories list's first page (src/views/stories/paging.ts, spec §9: 6 story users). */
export const FIRST_STORY_PAGE = 6;

/** spec §3 Story user, as the app reads it; the owner's own stories carry their insights (issue 18). */
export function storyUserBody(user: OfficialStoryUser | SourceStoryUser) {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    profile_image: user.profileImage,
    thumbnail_image: user.thumbnailImage,
    items: user.items.map((item) => ({
      id: item.id,
      media_type: item.mediaType,
      url: item.url,
      thumbnail_image: item.thumbnailUrl,
      width: item.width,
      height: item.height,
      progress: 0,
      duration: item.durationMs,
      taken_at: item.takenAt,
      expiring_at: item.expiringAt,
      ...('insights' in item && item.insights ? { insights: item.insights } : {}),
    })),
  };
}

export type FetchedStoryPage =
  | { kind: 'ok'; users: ReturnType<typeof storyUserBody>[]; next: string }
  | { kind: 'failed' }
  | { kind: 'unavailable' };

/** Asks the source for a page of `username`'s stories and keeps it for `userId`. */
export async function fetchAndKeepStoryPage(
  db: Database,
  source: SourceConnector,
  page: { userId: string; username: string; cursor: string; size: number; now: Date },
): Promise<FetchedStoryPage> {
  const { userId, username, cursor, size, now } = page;
  const found = await source.stories(username, cursor || null, size);
  if (found.kind === 'rateLimited' || found.kind === 'failed') return { kind: 'failed' };
  if (found.kind !== 'ok') return { kind: 'unavailable' };
  // Expired items are gone from the network; never show one.
  const users = found.value.users
    .map((story) => ({ ...story, items: story.items.filter((item) => item.expiringAt > now.getTime()) }))
    .filter((story) => story.items.length > 0)
    .map(storyUserBody);
  const next = found.value.next ?? '';
  await db
    .insert(storyPages)
    .values({ userId, cursor, size, users, next, fetchedAt: now })
    .onConflictDoUpdate({
      target: [storyPages.userId, storyPages.cursor, storyPages.size],
      set: { users, next, fetchedAt: now },
    });
  return { kind: 'ok', users, next };
}

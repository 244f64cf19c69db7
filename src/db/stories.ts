// The stories list, cached in the order it loaded (so it reopens offline where it was), and where
// its paging stands.
import type { StoryUser } from '../../common/schema/lists.ts';
import type { Provenance } from '../../common/schema/provenance.ts';
import { db } from './db.ts';
import { type LocalRead, useLocalRead } from './local-read.ts';
import type { StoryPagingRow } from './schema.ts';

/** The loaded story users in order. */
export const storyUsersRead: LocalRead<StoryUser[]> = {
  key: 'storyUsers',
  read: async () => (await db.stories.orderBy('position').toArray()).map((row) => row.user),
};

/** Where paging stands (null before the first page). */
export const storyPagingRead: LocalRead<StoryPagingRow | null> = {
  key: 'storyPaging',
  read: async () => (await db.storyPaging.get('current')) ?? null,
};

/** The loaded story users in order, live (undefined while reading). */
export function useStoryUsers(): StoryUser[] | undefined {
  return useLocalRead(storyUsersRead);
}

/** Where paging stands, live (null before the first page). */
export function useStoryPaging(): StoryPagingRow | null | undefined {
  return useLocalRead(storyPagingRead);
}

/** Adds a page after those loaded; a user already in the list is updated in place. */
export async function appendStoryPage(users: StoryUser[], nextId: string, source?: Provenance): Promise<void> {
  await db.transaction('rw', db.stories, db.storyPaging, async () => {
    const last = await db.stories.orderBy('position').last();
    let position = (last?.position ?? -1) + 1;
    const now = Date.now();
    for (const user of users) {
      const known = await db.stories.get(user.id);
      await db.stories.put({ id: user.id, position: known?.position ?? position++, user, updatedAt: now });
    }
    const paging = await db.storyPaging.get('current');
    await db.storyPaging.put({ id: 'current', nextId, pages: (paging?.pages ?? 0) + 1, source, updatedAt: now });
  });
}

/** spec §2: Refresh resets the list and the count. */
export async function resetStories(): Promise<void> {
  await db.transaction('rw', db.stories, db.storyPaging, async () => {
    await db.stories.clear();
    await db.storyPaging.clear();
  });
}

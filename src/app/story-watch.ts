// The viewer showed a story user's stories (issue 36; spec §7 POST client/list/watch/stories/): the list
// marks them seen at once from IndexedDB, and our server is told through the outbox, so a watch made
// offline arrives later. The network is never told: watching stays anonymous.
import type { StoryUser } from '../../common/schema/lists.ts';
import { recordStoryWatch } from '../db/story-watches.ts';
import { quietly, sendOrQueue } from './outbox.ts';

export const WATCH_STORIES_PATH = 'client/list/watch/stories/';
// A watch is bookkeeping, not something the user sent: no toast when it goes out or is refused.
quietly(WATCH_STORIES_PATH);

/** The items of `user` up to `itemIndex` were shown. */
export async function watchStories(user: StoryUser, itemIndex: number): Promise<void> {
  const shown = user.items.slice(0, itemIndex + 1).map((item) => item.taken_at);
  if (!shown.length || !/^\d{1,20}$/.test(user.id)) return;
  const seenUntil = Math.max(...shown);
  if (!(await recordStoryWatch(user.id, seenUntil))) return;
  await sendOrQueue({
    method: 'POST',
    path: WATCH_STORIES_PATH,
    body: { story_user_id: user.id, seen_until: seenUntil },
  });
}

/** Whether the list shows `user` as seen: the server says so, or this device showed every item up now. */
export function isSeen(user: StoryUser, watched: Map<string, number> | undefined): boolean {
  if (user.seen) return true;
  const until = watched?.get(user.id);
  return until !== undefined && user.items.every((item) => item.taken_at <= until);
}

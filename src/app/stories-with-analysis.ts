// spec §4 Analysis and §9: after an analysis result, the stories are fetched when stories_count is below
// 6, asking for 6, and cached (issue 36), so the stories list opens offline right after an analysis.
import type { UserRecord } from '../../common/schema/user.ts';
import { fetchStoryPage } from '../api/stories.ts';
import { appendStoryPage, resetStories } from '../db/stories.ts';
import { accountSources } from './sources/account.ts';
import { fillingSource } from './sources/screens.ts';

/** spec §9: stories come with the analysis below this count, and this many are asked for. */
export const STORIES_WITH_ANALYSIS = 6;

/** Fetches and caches the first page of stories for a fresh result; true when a page was cached. */
export async function fetchStoriesWithAnalysis(user: UserRecord): Promise<boolean> {
  if (user.stories_count >= STORIES_WITH_ANALYSIS) return false;
  // No legitimate source gives this account's stories: nothing to fetch (the list says why).
  if (!fillingSource('stories', accountSources(user))) return false;
  const page = await fetchStoryPage({
    size: STORIES_WITH_ANALYSIS,
    id: '0',
    callDB: false,
    refresh: false,
    email: user.email,
  });
  // A failure costs nothing: the list fetches its first page when it opens, as before.
  if (!page.ok) return false;
  await resetStories();
  await appendStoryPage(page.data.stories, page.data.nextId, page.data.source);
  return true;
}

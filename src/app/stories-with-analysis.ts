// spec §4 Analysis and §9: after an analysis result, the stories list's first page is fetched and cached
// (issue 36), so the stories list opens offline right after an analysis. Issue 51: whatever the number
// of story users; before, only a result with fewer than 6 brought them, and with more the list was empty
// offline. The server kept that page with the analysis (server/source/story-pages.ts), so it is asked for
// with callDB and costs the network nothing more.
import type { UserRecord } from '../../common/schema/user.ts';
import { fetchStoryPage } from '../api/stories.ts';
import { appendStoryPage, resetStories } from '../db/stories.ts';
import { FIRST_PAGE } from '../views/stories/paging.ts';
import { accountSources } from './sources/account.ts';
import { fillingSource } from './sources/screens.ts';

/** Fetches and caches the first page of stories for a fresh result; true when a page was cached. */
export async function fetchStoriesWithAnalysis(user: UserRecord): Promise<boolean> {
  // No legitimate source gives this account's stories: nothing to fetch (the list says why).
  if (!fillingSource('stories', accountSources(user))) return false;
  const page = await fetchStoryPage({
    size: FIRST_PAGE,
    id: '0',
    callDB: true,
    refresh: false,
    email: user.email,
  });
  // A failure costs nothing: the list fetches its first page when it opens, as before.
  if (!page.ok) return false;
  await resetStories();
  await appendStoryPage(page.data.stories, page.data.nextId, page.data.source);
  return true;
}

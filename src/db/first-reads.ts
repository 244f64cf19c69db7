// What each logged-in screen reads from IndexedDB before its first render (issue 31): all of it at once,
// beside the screen's code, so the screen paints once with what is cached and nothing moves when the
// reads answer. A hook whose read is not listed here still works; its part of the screen fills in a
// frame later, which the layout-shift test (tests/e2e/layout-shift.spec.ts) would catch if it moves.

import { type PostGroupName, postGroupNames } from '../../common/schema/lists.ts';
import { isListScreen, type ScreenId } from '../../common/screens.ts';
import { bestTimeRead } from './best-time.ts';
import { listPagesRead } from './lists.ts';
import { type LocalRead, readAndRemember } from './local-read.ts';
import { planDetailsRead } from './plan-details.ts';
import { historyRead, postAnalysisRead, postGroupRead, postGroupReads } from './posts.ts';
import { storyPagingRead, storyUsersRead } from './stories.ts';
import { userRead } from './user.ts';

type Reads = (search: URLSearchParams) => Array<LocalRead<unknown>>;

const isGroup = (name: string | null): name is PostGroupName => postGroupNames.some((group) => group === name);

/** Beyond the user record, which the header and every screen read, and a list screen's pages. */
const screenReads: Partial<Record<ScreenId, Reads>> = {
  home: () => [historyRead],
  postAnalytics: () => [postAnalysisRead, ...postGroupReads(false), bestTimeRead],
  reelAnalytics: () => [postAnalysisRead, ...postGroupReads(true), bestTimeRead],
  viewAllPosts: (search) => {
    const name = search.get('name');
    return isGroup(name) ? [postGroupRead(name, search.get('isReel') === 'true')] : [];
  },
  stories: () => [storyUsersRead, storyPagingRead],
  sentimentalAnalysis: () => [postGroupRead('mostCommented', false), postGroupRead('mostCommented', true)],
  manageSubscription: () => [planDetailsRead],
};

/** The reads a screen's first render needs, the user record first. */
export function firstReadsOf(screen: ScreenId, search: URLSearchParams): Array<LocalRead<unknown>> {
  // The official API's daily counts sit above a list (OfficialCounts), read from the history.
  const lists = isListScreen(screen) ? [listPagesRead(screen), historyRead] : [];
  return [userRead, ...lists, ...(screenReads[screen]?.(search) ?? [])];
}

/** Reads them all at once and remembers each answer for the screen's hooks. */
export async function readFirst(screen: ScreenId, search: URLSearchParams): Promise<void> {
  await Promise.all(firstReadsOf(screen, search).map((local) => readAndRemember(local)));
}

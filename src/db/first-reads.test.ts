// What each subscriber's screen reads before its first render (issue 31): its own rows and the user
// record, null where nothing is stored, so its hooks start from answers instead of "not read yet".
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from './db.ts';
import { readFirst } from './first-reads.ts';
import { listPagesRead } from './lists.ts';
import { recall } from './local-read.ts';
import { clearAllLocalData } from './login.ts';
import { planDetailsRead } from './plan-details.ts';
import { postAnalysisRead, postGroupRead } from './posts.ts';
import { forgetRemembered, recallKey } from './remembered.ts';
import { storyPagingRead, storyUsersRead } from './stories.ts';
import { userRead } from './user.ts';

const read = (search = '') => new URLSearchParams(search);

beforeEach(async () => {
  await clearAllLocalData();
});
afterEach(() => forgetRemembered());

describe('first reads', () => {
  it('read a list screen’s pages and the user record', async () => {
    await db.listPages.put({ list: 'profileViews', page: 1, items: [], hasMore: false, updatedAt: 1 });
    await readFirst('profileViews', read());
    expect(recall(listPagesRead('profileViews'))?.value).toHaveLength(1);
    expect(recall(userRead)).toEqual({ value: undefined });
    expect(recall(listPagesRead('newFollowers'))).toBeUndefined();
  });

  it('read post analytics’ metrics and its three groups, null where none is stored', async () => {
    await readFirst('reelAnalytics', read());
    expect(recall(postAnalysisRead)).toEqual({ value: null });
    for (const group of ['mostLiked', 'mostCommented', 'mostEngaged'] as const) {
      expect(recall(postGroupRead(group, true))).toEqual({ value: null });
      expect(recall(postGroupRead(group, false))).toBeUndefined();
    }
    expect(recallKey('bestTime')).toEqual({ value: null });
  });

  it('read the group view all shows, from its address', async () => {
    await readFirst('viewAllPosts', read('name=mostCommented&isReel=true'));
    expect(recall(postGroupRead('mostCommented', true))).toEqual({ value: null });
    forgetRemembered();
    await readFirst('viewAllPosts', read('name=nothing'));
    expect(recall(postGroupRead('mostCommented', true))).toBeUndefined();
    expect(recall(userRead)).toBeDefined();
  });

  it('read the stories and the subscription', async () => {
    await readFirst('stories', read());
    expect(recall(storyUsersRead)).toEqual({ value: [] });
    expect(recall(storyPagingRead)).toEqual({ value: null });
    await readFirst('manageSubscription', read());
    expect(recall(planDetailsRead)).toEqual({ value: null });
  });
});

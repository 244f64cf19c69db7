// spec §4 and §9 (issue 36): a result brings the stories list's first page, 6 asked for, into the cache;
// issue 51: whatever the number of story users (6 or more used to be left to the list, which was then
// empty offline), from the page the server kept with the analysis (callDB); an account no source gives
// stories to fetches nothing.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '../../common/schema/user.ts';
import { fetchStoryPage } from '../api/stories.ts';
import { db } from '../db/db.ts';
import { fetchStoriesWithAnalysis } from './stories-with-analysis.ts';

vi.mock('../api/stories.ts', () => ({ fetchStoryPage: vi.fn() }));
const fetched = vi.mocked(fetchStoryPage);

const story = (id: string) => ({ id, username: `u${id}`, name: '', profile_image: '', thumbnail_image: '', items: [] });
const AT = '2026-11-24T10:00:00.000Z';

function record(storiesCount: number, source: 'sample' | 'download'): UserRecord {
  return {
    email: 'demo@followscope.app',
    username: source === 'sample' ? 'followscope.demo' : 'real.person',
    insta_id: '1',
    insta_image_url: '',
    is_subscribed: true,
    is_private: false,
    is_insight: false,
    chat_gpt_data: null,
    total_followers: 10,
    total_following: 10,
    new_followers: 0,
    followers_lost: 0,
    not_follows_back: 0,
    dont_follow_back: 0,
    profile_views_count: 0,
    mutual_followers: 0,
    post_count: 0,
    reel_count: 0,
    stories_count: storiesCount,
    last_updated_at: '24-11-2026 10:00:00',
    latest_post_date_time: null,
    data_source: source,
    data_at: AT,
    sources: [{ source, at: AT }],
  };
}

beforeEach(async () => {
  fetched.mockReset();
  fetched.mockResolvedValue({
    ok: true,
    data: { stories: [story('1'), story('2')], nextId: '9', source: { source: 'sample', at: AT } },
  });
  await db.stories.clear();
  await db.storyPaging.clear();
  await db.stories.put({ id: 'old', position: 0, user: story('old'), updatedAt: 1 });
});

describe('stories with the analysis', () => {
  it.each([5, 6, 40])(
    'fetches the first 6 and caches them in place of the old list when stories_count is %i',
    async (count) => {
      expect(await fetchStoriesWithAnalysis(record(count, 'sample'))).toBe(true);
      expect(fetched).toHaveBeenCalledWith({
        size: 6,
        id: '0',
        callDB: true,
        refresh: false,
        email: 'demo@followscope.app',
      });
      expect((await db.stories.orderBy('position').toArray()).map((row) => row.id)).toEqual(['1', '2']);
      expect(await db.storyPaging.get('current')).toMatchObject({ nextId: '9', pages: 1 });
    },
  );

  it('fetches nothing where no source gives stories', async () => {
    expect(await fetchStoriesWithAnalysis(record(0, 'download'))).toBe(false);
    expect(fetched).not.toHaveBeenCalled();
    expect(await db.stories.count()).toBe(1);
  });

  it('keeps the cached list when the fetch fails', async () => {
    fetched.mockResolvedValue({ ok: false, error: { kind: 'network', status: 0, message: 'offline' } } as never);
    expect(await fetchStoriesWithAnalysis(record(2, 'sample'))).toBe(false);
    expect(await db.stories.count()).toBe(1);
  });
});

// Post groups in the cache: post analytics stores the 3 posts it shows, and a whole group view all
// stored stays whole while its first posts are the same, so view all still opens offline.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Post } from '../../common/schema/lists.ts';
import type { PostGroupData } from '../../common/schema/posts.ts';
import { db } from './db.ts';
import { clearAllLocalData } from './login.ts';
import { wholeGroup, writePostGroup } from './posts.ts';

const post = (code: string, value: number): Post => ({
  post_short_code: code,
  post_thumbnail: '',
  post_url: '',
  post_type: 'image',
  child_posts: [],
  value,
});
const source = { source: 'sample' as const, at: '2026-11-27T09:00:00.000Z' };
const group = (posts: Post[], post_count = posts.length): PostGroupData => ({
  id: 'mostLiked',
  post_count,
  posts,
  source,
});
const cached = async () => {
  const row = await db.postGroups.get(['mostLiked', 0]);
  if (!row) throw new Error('no row');
  return row;
};

const all = [post('A', 9), post('B', 8), post('C', 7), post('D', 3), post('E', 1)];

beforeEach(async () => {
  await clearAllLocalData();
});

describe('post groups in the cache', () => {
  it('marks the first posts of a group as part of it, and a whole answer as whole', async () => {
    await writePostGroup('mostLiked', false, group(all.slice(0, 3), 5), true);
    expect(wholeGroup(await cached())).toBe(false);
    expect((await cached()).post_count).toBe(5);

    await writePostGroup('mostLiked', false, group(all));
    expect(wholeGroup(await cached())).toBe(true);
    // A group of 3 or fewer is whole in its first posts.
    await writePostGroup('mostLiked', false, group(all.slice(0, 2)), true);
    expect(await cached()).toMatchObject({ complete: true, posts: all.slice(0, 2) });
  });

  it('keeps a whole group when the first posts and the count are unchanged, and not when they moved', async () => {
    await writePostGroup('mostLiked', false, group(all));
    await writePostGroup('mostLiked', false, group(all.slice(0, 3), 5), true);
    expect(await cached()).toMatchObject({ complete: true, posts: all });

    // A new like moved D above C: the rest cached is stale, so only the fresh first posts stay.
    const moved = [all[0], all[1], post('D', 8)] as Post[];
    await writePostGroup('mostLiked', false, group(moved, 5), true);
    expect(await cached()).toMatchObject({ complete: false, posts: moved });

    // A post more counted: the same first posts, but not the same group.
    await writePostGroup('mostLiked', false, group(all));
    await writePostGroup('mostLiked', false, group(all.slice(0, 3), 6), true);
    expect(await cached()).toMatchObject({ complete: false, post_count: 6, posts: all.slice(0, 3) });
  });

  it('reads a row cached before groups could be partial as whole', async () => {
    await db.postGroups.put({ group: 'mostLiked', isReel: 0, post_count: 5, posts: all, updatedAt: 1 });
    expect(wholeGroup(await cached())).toBe(true);
  });
});

// POST client/list/watch/stories/ (issue 36; spec §7): a subscriber's watch is recorded for the list's
// seen mark, a newer story makes the account unseen again, the route is validated and guarded like
// every other, and the network never learns who watched.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../../../tests/support/test-server.ts';
import { issueToken } from '../../auth/tokens.ts';
import { storyWatches, users } from '../../db/schema.ts';

const harness = serverPerTest();

async function account(subscribed = true) {
  const [user] = await harness.app.services.db
    .insert(users)
    .values({ email: `watcher.${Math.random()}@example.com`, username: 'followscope.demo', isSubscribed: subscribed })
    .returning();
  if (!user) throw new Error('no user');
  const token = await issueToken(harness.app.services.db, user.id, harness.server.now());
  return { user, headers: { authorization: `Bearer ${token}` } };
}

interface StoryUser {
  id: string;
  seen?: boolean;
  items: Array<{ taken_at: number }>;
}

const firstPage = async (headers: Record<string, string>) =>
  (await harness.app.inject({ url: '/api/v1/client/stories/6/0/', headers })).json().stories as StoryUser[];

const watch = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  harness.app.inject({ method: 'POST', url: '/api/v1/client/list/watch/stories/', headers, payload });

describe('watching stories', () => {
  it('marks a story user seen once every item up was watched, and never tells the network', async () => {
    await harness.start();
    const { user, headers } = await account();
    const stories = await firstPage(headers);
    const [story, other] = stories;
    if (!story || !other) throw new Error('the sample network shows too few stories');
    expect(stories.every((entry) => entry.seen === false)).toBe(true);
    const times = story.items.map((item) => item.taken_at).sort((a, b) => a - b);
    const newest = times.at(-1) as number;

    // Watched up to an older item only: not seen yet.
    if (times.length > 1) {
      expect((await watch(headers, { story_user_id: story.id, seen_until: times[0] })).statusCode).toBe(200);
      expect((await firstPage(headers)).find((entry) => entry.id === story.id)?.seen).toBe(false);
    }
    const answer = await watch(headers, { story_user_id: story.id, seen_until: newest });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: true, story_user_id: story.id, seen_until: newest });
    const after = await firstPage(headers);
    expect(after.find((entry) => entry.id === story.id)?.seen).toBe(true);
    expect(after.find((entry) => entry.id === other.id)?.seen).toBe(false);

    // A late copy from the outbox does not move the mark back.
    await watch(headers, { story_user_id: story.id, seen_until: 0 });
    const [row] = await harness.app.services.db.select().from(storyWatches).where(eq(storyWatches.userId, user.id));
    expect(row?.seenUntil.getTime()).toBe(newest);

    // Watching stays anonymous: the network's own viewer lists are empty.
    expect((await harness.app.inject('/dev/source/story-viewers')).json()).toEqual({});
  });

  it('is for subscribers, and refuses a malformed watch with a message, writing nothing', async () => {
    await harness.start();
    expect((await watch({}, { story_user_id: '1', seen_until: 1 })).statusCode).toBe(401);
    const lapsed = await account(false);
    expect((await watch(lapsed.headers, { story_user_id: '1', seen_until: 1 })).statusCode).toBe(403);
    const { headers } = await account();
    const future = harness.server.now().getTime() + 2 * 24 * 3_600_000;
    for (const payload of [
      {},
      { story_user_id: 'abc', seen_until: 1 },
      { story_user_id: '1'.repeat(21), seen_until: 1 },
      { story_user_id: '12', seen_until: -1 },
      { story_user_id: '12', seen_until: 1.5 },
      { story_user_id: '12', seen_until: '1' },
      { story_user_id: '12', seen_until: future },
    ]) {
      const refused = await watch(headers, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof refused.json().message).toBe('string');
    }
    expect(await harness.app.services.db.select().from(storyWatches)).toEqual([]);
  });
});

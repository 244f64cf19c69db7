// Watching stories (issue 36): the device marks a user seen at once, tells our server once per newer
// item through the outbox (offline: later, silently), and the list's seen mark reads both records.
// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoryUser } from '../../common/schema/lists.ts';
import { configureClient } from '../api/client.ts';
import { db } from '../db/db.ts';
import { pending } from '../db/outbox.ts';
import { flushOutbox } from './outbox.ts';
import { isSeen, WATCH_STORIES_PATH, watchStories } from './story-watch.ts';
import { showToast } from './toast.tsx';

vi.mock('./toast.tsx', () => ({ showToast: vi.fn() }));

configureClient({ token: async () => 'tok', onUnauthorized: async () => undefined });

const item = (taken_at: number) => ({
  media_type: 'image' as const,
  url: '/m.svg',
  thumbnail_image: '/t.svg',
  width: 720,
  height: 1280,
  duration: 5_000,
  taken_at,
  expiring_at: taken_at + 86_400_000,
});
const ana: StoryUser = {
  id: '1234',
  username: 'ana',
  name: 'Ana',
  profile_image: '',
  thumbnail_image: '',
  items: [item(1_000), item(2_000)],
};

let sent: unknown[] = [];
let online = true;
beforeEach(async () => {
  sent = [];
  online = true;
  await db.storyWatches.clear();
  await db.outbox.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      expect(url).toContain(WATCH_STORIES_PATH);
      sent.push(JSON.parse(String(init.body)));
      return Response.json({ status: true, message: '' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('watching stories', () => {
  it('records the newest item shown and tells the server once per newer item', async () => {
    await watchStories(ana, 0);
    expect(isSeen(ana, new Map([['1234', 1_000]]))).toBe(false);
    await watchStories(ana, 0);
    await watchStories(ana, 1);
    expect(sent).toEqual([
      { story_user_id: '1234', seen_until: 1_000 },
      { story_user_id: '1234', seen_until: 2_000 },
    ]);
    expect((await db.storyWatches.get('1234'))?.seenUntil).toBe(2_000);
  });

  it('queues a watch made offline and sends it later without a toast', async () => {
    online = false;
    await watchStories(ana, 1);
    expect((await pending()).map((row) => row.path)).toEqual([WATCH_STORIES_PATH]);
    online = true;
    await flushOutbox();
    expect(await pending()).toEqual([]);
    expect(sent).toEqual([{ story_user_id: '1234', seen_until: 2_000 }]);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('marks a user seen when the server says so, or when this device showed every item up now', () => {
    expect(isSeen({ ...ana, seen: true }, undefined)).toBe(true);
    expect(isSeen(ana, new Map([['1234', 2_000]]))).toBe(true);
    expect(isSeen(ana, new Map([['1234', 1_999]]))).toBe(false);
    expect(isSeen(ana, new Map())).toBe(false);
  });
});

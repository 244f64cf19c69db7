// Stories and the downloader through HTTP, with every media URL a signed proxy URL.
import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../../../tests/support/test-server.ts';
import { issueToken } from '../../auth/tokens.ts';
import { storyPages, users } from '../../db/schema.ts';

const harness = serverPerTest();

async function subscriber(username = 'followscope.demo') {
  const [user] = await harness.app.services.db
    .insert(users)
    .values({ email: `${username}.${Math.random()}@example.com`, username, isSubscribed: true })
    .returning();
  if (!user) throw new Error('no user');
  return { authorization: `Bearer ${await issueToken(harness.app.services.db, user.id, harness.server.now())}` };
}

const get = (url: string, headers: Record<string, string>) => harness.app.inject({ url: `/api/v1/${url}`, headers });

interface StoryUser {
  id: string;
  username: string;
  profile_image: string;
  items: Array<{ id: string; media_type: string; url: string; duration: number; expiring_at: number }>;
}

describe('stories', () => {
  it('pages the stories of followed accounts from next_id 0 until next_id is empty', async () => {
    await harness.start();
    const headers = await subscriber();
    const seen = new Set<string>();
    let id = '0';
    let pages = 0;
    do {
      const response = await get(`client/stories/6/${id}/`, headers);
      expect(response.statusCode).toBe(200);
      const body = response.json() as { stories: StoryUser[]; next_id: string };
      expect(body.stories.length).toBeLessThanOrEqual(6);
      for (const story of body.stories) {
        expect(seen.has(story.id)).toBe(false);
        seen.add(story.id);
        expect(story.items.length).toBeGreaterThan(0);
        for (const item of story.items) {
          expect(item.url).toMatch(/^\/api\/v1\/proxy\?url=https%3A%2F%2Fmedia\.sample\.followscope%2Fstories%2F/);
          expect(item.expiring_at).toBeGreaterThan(harness.server.now().getTime());
          expect(item.duration).toBeGreaterThan(0);
        }
      }
      id = body.next_id;
      pages++;
    } while (id !== '' && pages < 200);
    expect(id).toBe('');
    expect(pages).toBeGreaterThan(2);
    expect(seen.size).toBeGreaterThan(12);
  });

  it('answers a callDB page from the stored copy while fresh; refresh drops it', async () => {
    await harness.start();
    const headers = await subscriber();
    const page = () => get('client/stories/10/0/', headers);
    const fromNetwork = (await page()).json();
    expect(fromNetwork.stories.length).toBeGreaterThan(0);
    // Mark the stored copy, so an answer from it can be told apart.
    await harness.app.services.db.update(storyPages).set({ users: [], next: 'stored' });
    // A stored page says where it came from and when it was fetched.
    const stored = {
      status: true,
      stories: [],
      next_id: 'stored',
      source: { source: 'sample', at: harness.server.now().toISOString() },
    };
    expect((await get('client/stories/10/0/?callDB=true', headers)).json()).toEqual(stored);
    expect((await page()).json()).toEqual(fromNetwork);
    await harness.app.services.db.update(storyPages).set({ users: [], next: 'stored' });
    expect((await get('client/stories/10/0/?callDB=true&refresh=true', headers)).json()).toEqual(fromNetwork);
    await harness.app.services.db.update(storyPages).set({ users: [], next: 'stored' });
    harness.server.advance(11 * 60_000);
    expect((await get('client/stories/10/0/?callDB=true', headers)).json().next_id).not.toBe('stored');
    expect((await get('client/stories/0/0/', headers)).statusCode).toBe(400);
    expect((await get('client/stories/6/abc/', headers)).statusCode).toBe(400);
  });

  it('keeps the list’s first page with every analysis, whatever the number of story users (issue 51)', async () => {
    await harness.start();
    // The demo follows hundreds, dozens of whom have stories up: far more than a first page.
    const headers = await subscriber();
    const analysed = await get('client/insta/start/analysis/', headers);
    expect(analysed.statusCode, analysed.body).toBe(200);
    expect(analysed.json().user.stories_count).toBeGreaterThanOrEqual(6);
    const [kept, ...others] = await harness.app.services.db.select().from(storyPages);
    expect(others).toEqual([]);
    if (!kept) throw new Error('no story page kept');
    expect(kept).toMatchObject({ cursor: '', size: 6 });
    expect(kept.users).toHaveLength(6);
    // The app's request right after the result is answered from it, with no call to the network.
    await harness.app.services.db.update(storyPages).set({ next: 'kept' });
    const first = (await get('client/stories/6/0/?callDB=true', headers)).json();
    expect(first.next_id).toBe('kept');
    expect(first.stories.map((story: StoryUser) => story.id)).toEqual(
      (kept.users as StoryUser[]).map((story) => story.id),
    );
  });

  it('serves a story video through the proxy with byte ranges, and records no viewer', async () => {
    await harness.start();
    const headers = await subscriber();
    let video: string | undefined;
    for (let id = '0', pages = 0; !video && id !== '' && pages < 50; pages++) {
      const body = (await get(`client/stories/10/${id}/`, headers)).json() as { stories: StoryUser[]; next_id: string };
      video = body.stories.flatMap((story) => story.items).find((item) => item.media_type === 'video')?.url;
      id = body.next_id;
    }
    if (!video) throw new Error('no video story on the sample network');
    const whole = await harness.app.inject({ url: video });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['cache-control']).toMatch(/immutable/);
    const part = await harness.app.inject({ url: video, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 100))).toBe(true);
    // Watching is anonymous: fetching the media marks nothing seen.
    expect(harness.app.sampleNetwork.storyViewers()).toEqual({});
    // A tampered URL with the old signature is refused before anything is fetched.
    const tampered = video.replace('stories%2F', 'stories%2F1');
    expect((await harness.app.inject({ url: tampered })).statusCode).toBe(403);
  });

  it('records a viewer only when the network is told, as a logged-in viewer’s app would', async () => {
    await harness.start();
    harness.app.sampleNetwork.markStorySeen('123_1_0', 'someone');
    expect(harness.app.sampleNetwork.storyViewers()).toEqual({ '123_1_0': ['someone'] });
  });
});

describe('downloader', () => {
  const download = (headers: Record<string, string>, payload: Record<string, string>, language = 'en') =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/download/stories/reel/',
      headers: { ...headers, 'accept-language': language },
      payload,
    });

  it('finds a post or reel by its link, in any common form', async () => {
    await harness.start();
    const headers = await subscriber();
    const reels = (await get('client/posts/mostLiked/true/', headers)).json().data.posts;
    const code = reels[0].post_short_code as string;
    for (const link of [
      `https://www.instagram.com/reel/${code}/?igsh=abc`,
      `instagram.com/p/${code}`,
      `https://www.instagram.com/followscope.demo/reel/${code}/`,
    ]) {
      const body = (await download(headers, { post_url: link })).json();
      expect(body).toMatchObject({ status: true, username: 'followscope.demo', stories: [] });
      expect(body.reel).toMatch(/^\/api\/v1\/proxy\?url=.*\.webm&sig=/);
      expect(body.posts[0]).toEqual({ url: expect.any(String), thumbnail_image: expect.any(String) });
    }
  });

  it('finds an account’s stories by username, and says when there are none', async () => {
    await harness.start();
    const headers = await subscriber();
    const body = (await download(headers, { username: ' @Followscope.Demo ' })).json();
    expect(body).toMatchObject({ status: true, username: 'followscope.demo', posts: [], reel: '' });
    expect(Array.isArray(body.stories)).toBe(true);
  });

  it('refuses a link that is not a post, an unknown post or account, and an empty request, in the user’s language', async () => {
    await harness.start();
    const headers = await subscriber();
    const notAPost = await download(headers, { post_url: 'https://www.instagram.com/followscope.demo/' }, 'fr');
    expect(notAPost.statusCode).toBe(400);
    expect(notAPost.json().message).toMatch(/n’est pas un lien/);
    expect((await download(headers, { post_url: 'https://www.instagram.com/p/ZZZZZZZZZZZ/' })).statusCode).toBe(404);
    expect((await download(headers, { username: 'nobody' })).statusCode).toBe(404);
    expect((await download(headers, {})).statusCode).toBe(400);
  });
});

// Issue 54: the analysis answers "still running" (202) before a proxy would cut its request; the app asks
// again at once, until the record comes, and stops asking when the screen lets go.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userRecordSchema } from '../../common/schema/user.ts';
import { startAnalysis } from './analysis.ts';
import { configureClient } from './client.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const running = () => json(202, { status: 'running', message: 'Your analysis is still running.' });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  configureClient({ token: async () => 'token', onUnauthorized: async () => undefined });
});
afterEach(() => vi.unstubAllGlobals());

describe('startAnalysis', () => {
  it('asks again while the server says it is still running, and gives the record that ends it', async () => {
    const user = userRecordSchema.parse({
      email: 'owner@example.com',
      username: 'followscope.demo',
      insta_id: '1',
      insta_image_url: '',
      is_subscribed: true,
      is_private: false,
      is_insight: false,
      chat_gpt_data: null,
      total_followers: 80,
      total_following: 95,
      new_followers: 1,
      followers_lost: 2,
      not_follows_back: 3,
      dont_follow_back: 4,
      profile_views_count: null,
      mutual_followers: 5,
      post_count: 12,
      reel_count: 0,
      stories_count: 0,
      last_updated_at: '26-11-2026 12:00:00',
      latest_post_date_time: null,
      data_source: 'sample',
      data_at: '2026-11-26T12:00:00.000Z',
      sources: [{ source: 'sample', at: '2026-11-26T12:00:00.000Z' }],
    });
    fetchMock
      .mockResolvedValueOnce(running())
      .mockResolvedValueOnce(running())
      .mockResolvedValueOnce(json(200, { status: true, user }));
    const result = await startAnalysis(new AbortController().signal);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(result).toEqual({ ok: true, data: user });
  });

  it('gives a failure as it is, after any number of "still running"', async () => {
    fetchMock.mockResolvedValueOnce(running()).mockResolvedValueOnce(json(503, { message: 'down' }));
    expect(await startAnalysis(new AbortController().signal)).toMatchObject({
      ok: false,
      error: { status: 503, message: 'down' },
    });
  });

  it('stops asking once the screen aborts', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(async () => {
      controller.abort();
      return running();
    });
    const result = await startAnalysis(controller.signal);
    expect(result.ok).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

// The official API's errors as its error-handling guide and references say to treat them (issue 49),
// through a whole collection against the fake: code 1 retried a bounded number of times, then that
// media alone left without insights; 341 and 368 waited out and retried; 190 with 459 or 464 asks the
// owner to log in to the network (not "revoked"); a story under 5 viewers (#10) kept, its insights
// unavailable.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { collectFromReference, type ReferenceRun } from '../../../tests/support/official/reference-run.ts';
import { officialAccount, officialMedia, users } from '../../db/schema.ts';
import { UNKNOWN_RETRIES } from './graph.ts';

let run: ReferenceRun | undefined;
afterEach(async () => {
  await run?.close();
  run = undefined;
});

const quiet = { failureRate: 0, throttleRate: 0 };

describe('the error-handling guide, in a collection', () => {
  it('retries code 1 twice, then leaves that media alone without insights and keeps every other', async () => {
    let broken = '';
    run = await collectFromReference({
      media: 40,
      followers: 12_400,
      ...quiet,
      prepare: (fake) => {
        broken = fake.account('lumen.studio').media(5).id;
        fake.breakMedia(broken);
      },
    });
    const saved = await run.server.app.services.db.select().from(officialMedia);
    expect(saved).toHaveLength(40);
    expect(saved.find((media) => media.mediaId === broken)?.reach).toBeNull();
    expect(saved.filter((media) => media.mediaId !== broken).every((media) => media.reach !== null)).toBe(true);
    // Asked alone, the broken media was tried 1 + UNKNOWN_RETRIES times, never more.
    const alone = run.log.filter((request) => request.path.endsWith(`/${broken}/insights`));
    expect(alone).toHaveLength(1 + UNKNOWN_RETRIES);
    expect(run.fake.defects).toEqual([]);
  });

  for (const code of [341, 368] as const) {
    it(`waits out code ${code} and retries, and the collection completes`, async () => {
      run = await collectFromReference({
        media: 12,
        followers: 12_400,
        ...quiet,
        prepare: (fake) => fake.block(3, code),
      });
      expect(run.log.filter((request) => request.injected === 'throttled')).toHaveLength(3);
      expect((run.record.post_count ?? 0) + (run.record.reel_count ?? 0)).toBe(12);
      expect(run.record.official?.status).toBe('active');
    });
  }

  for (const subcode of [459, 464] as const) {
    it(`asks the owner to log in to the network on 190/${subcode}, and does not call it revoked`, async () => {
      run = await collectFromReference({ media: 12, followers: 12_400, ...quiet });
      run.fake.checkpoint('lumen.studio', subcode);
      await run.server.app.inject({ method: 'GET', url: '/api/v1/client/insta/start/analysis/', headers: run.headers });
      const [user] = await run.server.app.services.db.select().from(users).where(eq(users.username, 'lumen.studio'));
      expect(user?.officialStatus).toBe('login_required');
      // Nothing collected is lost.
      expect(await run.server.app.services.db.select().from(officialMedia)).toHaveLength(12);
    });
  }

  it('keeps a story under 5 viewers with its insights unavailable, and the others with theirs', async () => {
    run = await collectFromReference({ media: 12, followers: 12_400, stories: 3, quietStories: 1, ...quiet });
    const [account] = await run.server.app.services.db.select().from(officialAccount);
    const stories = account?.stories as { items: { id: string; insights: Record<string, number | null> }[] };
    expect(stories.items).toHaveLength(3);
    const lumen = run.fake.account('lumen.studio');
    const quietId = lumen.stories()[0]?.id;
    for (const item of stories.items) {
      const values = Object.values(item.insights);
      if (item.id === quietId) expect(values.every((value) => value === null)).toBe(true);
      else expect(values.every((value) => typeof value === 'number')).toBe(true);
    }
    expect(run.record.stories_count).toBe(3);
  });
});

// Best time to post on the device: version 6 adds its table to a version-5 database and keeps the rest;
// what is read back is checked against the answer's schema.
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshBestTime } from '../app/analytics.ts';
import { readBestTime, writeBestTime } from './best-time.ts';
import { db } from './db.ts';
import { FollowscopeDb } from './schema.ts';

/** Version 5's stores as they shipped (src/db/schema.ts, versions 1 to 5). */
const shipped: Array<Record<string, string>> = [
  {
    login: 'id',
    user: 'id',
    listPages: '[list+page], updatedAt',
    postGroups: '[group+isReel], updatedAt',
    stories: 'id, position, updatedAt',
    outbox: '++seq, &key, createdAt',
  },
  { userData: 'id', cmsPages: '[name+locale], updatedAt' },
  { postAnalysis: 'id', sentiment: 'shortCode, updatedAt', history: 'id' },
  { storyPaging: 'id' },
  { planDetails: 'id' },
];

const AT = '2026-11-20T10:42:00.000Z';

afterEach(async () => {
  vi.unstubAllGlobals();
  await db.bestTime.clear();
});

describe('best time on the device', () => {
  it('v5 → v6 keeps the plan details and the post analytics, and adds the best-time table', async () => {
    const name = 'followscope-upgrade-test-6';
    const v5 = new Dexie(name);
    for (const [index, stores] of shipped.entries()) v5.version(index + 1).stores(stores);
    await v5.table('planDetails').put({ id: 'current', name: 'Premium', status: 'active', updatedAt: 1 });
    await v5.table('postAnalysis').put({ id: 'current', updated_at: AT, updatedAt: 1 });
    v5.close();

    const v6 = new FollowscopeDb(name);
    await v6.open();
    expect(v6.verno).toBeGreaterThanOrEqual(6);
    expect(await v6.planDetails.get('current')).toMatchObject({ name: 'Premium' });
    expect(await v6.postAnalysis.get('current')).toMatchObject({ updated_at: AT });
    expect(await v6.bestTime.count()).toBe(0);
    const answer = { status: true as const, basis: null, unavailable: { needs: ['official' as const] } };
    await v6.bestTime.put({ id: 'current', answer, updatedAt: 2 });
    expect((await v6.bestTime.get('current'))?.answer).toEqual(answer);
    v6.close();
    await Dexie.delete(name);
  });

  it('reads back what was written, and nothing from a row that no longer reads as an answer', async () => {
    expect(await readBestTime()).toBeNull();
    const hours = Array.from({ length: 24 }, (_, hour) => hour);
    const answer = {
      status: true as const,
      basis: 'online_followers' as const,
      hours,
      best_hour_utc: 23,
      source: { source: 'official' as const, at: AT },
    };
    await writeBestTime(answer, 5);
    expect(await readBestTime()).toEqual({ answer, updatedAt: 5 });
    // A row of 23 hours (say, written by a build with another shape) is not shown.
    await db.bestTime.put({ id: 'current', answer: { ...answer, hours: hours.slice(1) }, updatedAt: 6 });
    expect(await readBestTime()).toBeNull();
  });

  it('keeps the cached answer when a refresh fails, and tells a failure from an abort', async () => {
    await writeBestTime({ status: true, basis: null, unavailable: { needs: ['official'] } }, 7);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await refreshBestTime()).toBe('failed');
    const controller = new AbortController();
    controller.abort();
    expect(await refreshBestTime(controller.signal)).toBe('aborted');
    expect((await readBestTime())?.updatedAt).toBe(7);
    // An answer the schema refuses is a failure too, and stores nothing.
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ status: true, basis: 'guess' }), { status: 200 }));
    expect(await refreshBestTime()).toBe('failed');
    expect((await readBestTime())?.updatedAt).toBe(7);
  });
});

// @vitest-environment jsdom
// Best time to post on screen: the hours in the reader's zone, the best one in words, the basis and
// source said, "not available yet" when neither source gives it, and its room kept while it loads.
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BestTime as Answer } from '../../../common/schema/best-time.ts';
import type { UserRecord } from '../../../common/schema/user.ts';
import { writeBestTime } from '../../db/best-time.ts';
import { db } from '../../db/db.ts';
import { clearAllLocalData } from '../../db/login.ts';
import { i18n } from '../../i18n/index.ts';
import { BestTime, localHours } from './BestTime.tsx';

const AT = '2026-11-20T10:42:00.000Z';

function answerWith(body: Answer) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 200 }));
}

const show = (timeZone: string) =>
  render(
    <I18nProvider i18n={i18n}>
      <BestTime timeZone={timeZone} />
    </I18nProvider>,
  );

/** The table's rows as the reader sees them: time, then value ("Best" marked); ICU's narrow spaces as spaces. */
const rowTexts = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent?.replace(/\s/g, ' ')));

beforeEach(async () => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  await clearAllLocalData();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('localHours', () => {
  it('orders the UTC hours by the zone’s clock, half-hour offsets included', () => {
    const kolkata = localHours(new Date(AT), 'Asia/Kolkata');
    // 19:00 UTC is 00:30 in Kolkata (UTC+5:30): the first hour of its day.
    expect(kolkata.map((hour) => hour.utcHour)).toEqual([
      19,
      20,
      21,
      22,
      23,
      ...Array.from({ length: 19 }, (_, h) => h),
    ]);
    expect(localHours(new Date(AT), 'UTC').map((hour) => hour.utcHour)).toEqual(
      Array.from({ length: 24 }, (_, h) => h),
    );
  });

  it('orders them by the device’s own clock when no zone is given, as the zone’s name would', () => {
    const before = process.env.TZ;
    try {
      for (const zone of ['Asia/Kolkata', 'America/St_Johns', 'Europe/Berlin', 'UTC']) {
        process.env.TZ = zone;
        expect(localHours(new Date(AT)), zone).toEqual(localHours(new Date(AT), zone));
      }
      process.env.TZ = 'Asia/Kolkata';
      expect(localHours(new Date(AT))[0]?.utcHour).toBe(19);
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

describe('BestTime', () => {
  it('shows followers online per hour in the reader’s zone, the best hour in words, and the official API', async () => {
    const online = Array.from({ length: 24 }, (_, hour) => (hour === 13 ? 900 : 100 + hour));
    answerWith({
      status: true,
      basis: 'online_followers',
      hours: online,
      best_hour_utc: 13,
      source: { source: 'official', at: AT },
    });
    show('Asia/Kolkata');
    // 13:00 UTC is 18:30 in Kolkata.
    expect((await screen.findByTestId('best-time-best')).textContent).toMatch(/^Best time to post: 6:30\sPM–7:30\sPM$/);
    expect(screen.getByTestId('best-time-basis').textContent).toBe(
      'From when your followers are online (official API)',
    );
    expect(screen.getByTestId('source-line').textContent).toMatch(/^From the official API, /);
    expect(screen.getByRole('columnheader', { name: 'Followers online' })).toBeTruthy();
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe(
      'Times in your time zone (Asia/Kolkata)',
    );

    const rows = rowTexts();
    expect(rows).toHaveLength(24);
    expect(rows[0]?.[0]).toMatch(/^12:30\sAM$/);
    expect(rows[0]?.[1]).toBe('119'); // 19:00 UTC
    const best = screen.getByRole('table').querySelector('.best-time__row--best');
    expect(best?.getAttribute('data-utc-hour')).toBe('13');
    expect(best?.textContent).toMatch(/^6:30\sPM900Best$/);
    expect(screen.getAllByText('Best')).toHaveLength(1);
    const bar = best?.querySelector<HTMLElement>('.best-time__bar');
    expect(bar?.style.getPropertyValue('--best-time-share')).toBe('100%');
    // The answer is kept for the next visit, offline.
    expect((await db.bestTime.get('current'))?.answer).toMatchObject({ basis: 'online_followers', best_hour_utc: 13 });
  });

  it('paints the engagement basis from the device offline, with the hours that had no post said so', async () => {
    const hours: (number | null)[] = new Array(24).fill(null);
    hours[9] = 40;
    hours[12] = 175.5;
    await writeBestTime({
      status: true,
      basis: 'engagement',
      hours,
      best_hour_utc: 12,
      posts_counted: 6,
      source: { source: 'sample', at: AT },
    });
    show('Asia/Tokyo');
    // 12:00 UTC is 21:00 in Tokyo (UTC+9).
    expect((await screen.findByTestId('best-time-best')).textContent).toMatch(
      /^Best time to post: 9:00\sPM–10:00\sPM$/,
    );
    expect(screen.getByTestId('best-time-basis').textContent).toBe(
      'From the engagement of your own posts · 6 posts and reels from the last 365 days',
    );
    expect(screen.getByTestId('source-line').textContent).toMatch(/^Sample dataFrom the sample network, /);
    expect(screen.getByRole('columnheader', { name: 'Average likes and comments' })).toBeTruthy();
    const rows = rowTexts();
    expect(rows[0]).toEqual(['12:00 AM', 'No posts']); // 15:00 UTC
    expect(rows[18]).toEqual(['6:00 PM', '40']); // 09:00 UTC
    expect(rows[21]).toEqual(['9:00 PM', '175.5Best']);
    expect(screen.getAllByText('No posts')).toHaveLength(22);
  });

  it('says "not available yet", naming the official API, and shows no hour', async () => {
    // This server offers the official API: the record carries the (unconnected) connection.
    await db.user.put({
      ...({} as UserRecord),
      email: 'ana@example.com',
      username: 'ana',
      official: { status: 'none', username: null, connected_at: null, collected_at: null },
      id: 'current',
      updatedAt: Date.now(),
    });
    answerWith({ status: true, basis: null, unavailable: { needs: ['official'] } });
    show('UTC');
    await vi.waitFor(
      () =>
        expect(screen.getByTestId('unavailable').textContent).toBe(
          'Not available yet: only a connected professional account (the official API) gives this.',
        ),
      { timeout: 15_000 },
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('best-time-best')).toBeNull();
  });

  it('names the official API without offering it where this server has none (issue 34)', async () => {
    answerWith({ status: true, basis: null, unavailable: { needs: ['official'] } });
    show('UTC');
    const unavailable = await screen.findByTestId('unavailable');
    expect(unavailable.textContent).toBe(
      'Not available here: only the network’s official API gives this, for business and creator accounts, and this server is not set up for it.',
    );
  });

  it('keeps the table’s room while loading, and says when nothing could be loaded', async () => {
    let fail: (error: Error) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise((_, reject) => (fail = reject)));
    show('UTC');
    const section = screen.getByTestId('best-time');
    expect(await screen.findByText('Loading…')).toBeTruthy();
    expect(section.getAttribute('aria-busy')).toBe('true');
    // The 24 rows are there, empty and hidden from assistive technology, so nothing moves on arrival.
    const held = section.querySelector('table');
    expect(held?.getAttribute('aria-hidden')).toBe('true');
    expect(held?.querySelectorAll('tbody tr')).toHaveLength(24);
    expect(screen.queryByRole('table')).toBeNull();

    fail(new TypeError('Failed to fetch'));
    expect(await screen.findByText('Not saved on this device yet. Connect to the internet to load it.')).toBeTruthy();
  });
  it('fills the held table in place when the answer comes, its rows kept (issue 31)', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    show('UTC');
    expect(await screen.findByText('Loading…')).toBeTruthy();
    const section = screen.getByTestId('best-time');
    const held = section.querySelector('table');
    const heldRow = held?.querySelector('tr[data-utc-hour="13"]');
    const body: Answer = {
      status: true,
      basis: 'online_followers',
      hours: Array.from({ length: 24 }, (_, hour) => (hour === 13 ? 900 : 100)),
      best_hour_utc: 13,
      source: { source: 'official', at: AT },
    };
    answer(new Response(JSON.stringify(body), { status: 200 }));
    expect((await screen.findByTestId('best-time-best')).textContent).toMatch(/^Best time to post: 1:00\sPM–2:00\sPM$/);
    // The same table and rows, now read out and filled: nothing was removed and built again.
    expect(screen.getByRole('table')).toBe(held);
    expect(section.querySelector('tr[data-utc-hour="13"]')).toBe(heldRow);
    expect(heldRow?.textContent).toMatch(/^1:00\sPM900Best$/);
  });
});

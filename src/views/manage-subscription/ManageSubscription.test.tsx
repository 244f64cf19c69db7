// @vitest-environment jsdom
// Manage subscription (issue 20): Cancel in one click shows "Active until DATE" in the reader's language,
// Keep my subscription undoes it, and Delete my account asks first, then empties the device and goes to
// the welcome page; a refusal changes nothing and says why.
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type PlanDetails, planDetailsSchema } from '../../../common/schema/billing.ts';
import type { UserRecord } from '../../../common/schema/user.ts';
import { resetSessionForTests } from '../../app/session.ts';
import { Toaster } from '../../app/toast.tsx';
import { db } from '../../db/db.ts';
import { readAndRemember } from '../../db/local-read.ts';
import { clearAllLocalData, writeLogin } from '../../db/login.ts';
import { userRead } from '../../db/user.ts';
import { activateLocale, i18n } from '../../i18n/index.ts';
import ManageSubscription from './ManageSubscription.tsx';

const ENDS = '2026-11-27T12:00:00.000Z';
const plan = (changes: Partial<PlanDetails> = {}): PlanDetails =>
  planDetailsSchema.parse({
    name: 'Followscope Premium',
    plan_code: 'premium-trial',
    status: 'active',
    ends_at: null,
    can_cancel: true,
    ...changes,
  });

/** The server, as far as this screen talks to it: each path's answer, and the calls it got. */
function server(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = url.replace('/api/v1/', '');
    calls.push(`${init.method ?? 'GET'} ${path}`);
    const answer = answers[path] ?? { status: 404, body: { message: 'not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  return calls;
}

function show() {
  const location = memoryLocation({ path: '/managesubscription', record: true });
  render(
    <I18nProvider i18n={i18n}>
      <Router hook={location.hook}>
        <ManageSubscription />
        <Toaster />
      </Router>
    </I18nProvider>,
  );
  return location;
}

beforeEach(async () => {
  resetSessionForTests();
  await clearAllLocalData();
  await writeLogin({
    token: 't',
    email: 'ana@example.com',
    username: 'ana',
    insta_full_name: 'Ana',
    is_subscribed: true,
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await activateLocale('en');
});

describe('cancel and keep', () => {
  it('cancels in one click, then says until when, and Keep my subscription undoes it', async () => {
    const calls = server({
      'get/recurly/subscription/planDetails/': { body: plan() },
      'client/subscription/cancel/': {
        body: { message: 'Cancelled.', plan: plan({ ends_at: ENDS, can_cancel: false }) },
      },
      'client/subscription/keep/': { body: { message: 'It continues.', plan: plan() } },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Active until November 27, 2026')).toBeTruthy();
    expect(await screen.findByText('Cancelled.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect((await db.planDetails.get('current'))?.endsAt).toBe(ENDS);

    fireEvent.click(screen.getByRole('button', { name: 'Keep my subscription' }));
    expect(await screen.findByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(calls).toEqual([
      'GET get/recurly/subscription/planDetails/',
      'POST client/subscription/cancel/',
      'POST client/subscription/keep/',
    ]);
  });

  it('writes the date in the reader’s language, and keeps the support way to cancel', async () => {
    await activateLocale('fr');
    server({ 'get/recurly/subscription/planDetails/': { body: plan({ ends_at: ENDS, can_cancel: false }) } });
    show();
    expect(await screen.findByText(/27 novembre 2026/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@followscope.app' }).getAttribute('href')).toMatch(
      /^mailto:support@followscope\.app/,
    );
  });

  it('states the plan, the trial’s end and the next charge in the reader’s language (issue 34)', async () => {
    await activateLocale('de');
    const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
    server({
      'get/recurly/subscription/planDetails/': {
        body: plan({
          plan: { code: 'monthly', plan_type: 1, interval_length: 1, trial_days: 7 },
          trial_ends_at: '2026-11-27T12:00:00.000Z',
          next_charge_at: '2026-11-27T12:00:00.000Z',
          next_amount: 19.99,
          currency: 'USD',
        }),
      },
    });
    show();
    expect(await screen.findByText('7-Tage-Test · Monatlich')).toBeTruthy();
    expect(plain((await screen.findByTestId('trial')).textContent)).toBe('Test endet: 27. November 2026');
    expect(plain(screen.getByTestId('next-charge').textContent)).toBe(
      'Nächste Abbuchung: 19,99 $ am 27. November 2026',
    );
  });

  it('says while a trial waits for the first figures, and when its next charge falls at the latest', async () => {
    server({
      'get/recurly/subscription/planDetails/': {
        body: plan({
          plan: { code: 'monthly', plan_type: 1, interval_length: 1, trial_days: 7 },
          trial_ends_at: '2026-12-06T12:00:00.000Z',
          trial_waits_until: '2026-11-29T12:00:00.000Z',
          next_charge_at: '2026-12-06T12:00:00.000Z',
          next_amount: 19.99,
          currency: 'USD',
        }),
      },
    });
    show();
    expect((await screen.findByTestId('trial')).textContent).toBe(
      'Your 7-day trial starts when your first figures arrive, by November 29, 2026 at the latest.',
    );
    expect(screen.getByTestId('next-charge').textContent).toBe(
      'Next charge: $19.99 when the trial ends, by December 6, 2026 at the latest',
    );
  });

  it('offers no cancel for a subscription the app cannot cancel', async () => {
    server({ 'get/recurly/subscription/planDetails/': { body: plan({ can_cancel: false }) } });
    show();
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('shows a refusal as a toast and changes nothing', async () => {
    server({
      'get/recurly/subscription/planDetails/': { body: plan() },
      'client/subscription/cancel/': { status: 502, body: { message: 'Our payment provider could not be reached.' } },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Our payment provider could not be reached.')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect((await db.planDetails.get('current'))?.endsAt).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
  });
});

describe('while the details load', () => {
  /** A stored user record: the demo's (the sample network) or a real account's. */
  const storeUser = async (demo: boolean, is_subscribed: boolean) => {
    const source = demo ? 'sample' : 'download';
    await db.user.put({
      ...({} as UserRecord),
      email: 'ana@example.com',
      username: 'ana',
      is_subscribed,
      data_source: source,
      sources: [{ source, at: ENDS }],
      id: 'current',
      updatedAt: Date.now(),
    });
    // As the app's opening reads do before the screen's first render.
    await readAndRemember(userRead);
  };
  /** The hidden lines holding the card's room, as their words. */
  const held = async () => {
    await screen.findByText('Loading…');
    const ghost = document.querySelector('.subscription__ghost');
    expect(ghost?.getAttribute('aria-hidden')).toBe('true');
    return [...(ghost?.querySelectorAll('p, .button') ?? [])].map((line) => line.textContent?.split(':')[0]);
  };

  beforeEach(() => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
  });

  it('holds one line for the demo, which has no plan (issue 31: the cards below moved up 35 px)', async () => {
    await storeUser(true, true);
    show();
    expect(await held()).toEqual(['Status']);
  });

  it('holds a paying subscriber’s plan, next charge and Cancel, which the details will show', async () => {
    await storeUser(false, true);
    show();
    expect(await held()).toEqual([
      'Status',
      'Plan',
      'Next charge',
      'Cancelling stops the renewal',
      'Cancel subscription',
    ]);
  });

  it('holds the status and plan of a subscription that has lapsed', async () => {
    await storeUser(false, false);
    show();
    expect(await held()).toEqual(['Status', 'Plan']);
  });
});

describe('delete my account', () => {
  it('asks first: Cancel closes the dialog and deletes nothing', async () => {
    const calls = server({ 'get/recurly/subscription/planDetails/': { body: plan() } });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText(/date, amount, currency and plan/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls).not.toContain('POST client/account/delete/');
    expect(await db.login.count()).toBe(1);
  });

  it('empties the device (database, caches but the precache, storage) and goes to the welcome page', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => ['workbox-precache-v2-http://localhost/', 'followscope-media'],
      delete: async (name: string) => deleted.push(name) > 0,
    });
    localStorage.setItem('followscope.session', '{"subscribed":true}');
    const calls = server({
      'get/recurly/subscription/planDetails/': { body: plan() },
      'client/account/delete/': { body: { message: 'Your account is deleted.' } },
    });
    const location = show();
    await db.listPages.put({ list: 'newFollowers', page: 1, items: [], hasMore: false, updatedAt: 1 });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/'), { timeout: 15_000 });
    expect(calls).toContain('POST client/account/delete/');
    expect(deleted).toEqual(['followscope-media']);
    expect(localStorage.length).toBe(0);
    // The database itself went; what opens now is a new, empty one.
    expect(await db.login.count()).toBe(0);
    expect(await db.listPages.count()).toBe(0);
    expect(await db.planDetails.count()).toBe(0);
    expect(await screen.findByText('Your account is deleted.')).toBeTruthy();
  });

  it('keeps everything when the server refuses, and says why', async () => {
    server({
      'get/recurly/subscription/planDetails/': { body: plan() },
      'client/account/delete/': { status: 502, body: { message: 'Nothing was deleted.' } },
    });
    const location = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });
    expect(await screen.findByText('Nothing was deleted.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(location.history.at(-1)).toBe('/managesubscription');
    expect(await db.login.count()).toBe(1);
  });
});

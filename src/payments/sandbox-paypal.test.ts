// The sandbox's PayPal window from the app's side: its answer read as a provider's, a window that never
// answered read as a cancel, and a window the browser would not open said plainly.
// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resultOf, sandboxPayPal } from './sandbox-paypal.ts';

const order = { total: 2.99, currency: 'USD', label: 'Trial' };

afterEach(() => vi.useRealTimers());

describe('the sandbox PayPal window', () => {
  it('reads an approval with the account holder’s name, a refusal’s message and a cancel', () => {
    expect(resultOf({ token: { id: 'sbx_pp_1', first_name: 'Zoë', last_name: 'Li' } })).toEqual({
      ok: true,
      id: 'sbx_pp_1',
      payer: { firstName: 'Zoë', lastName: 'Li' },
    });
    expect(resultOf({ error: 'PayPal refused' })).toEqual({ ok: false, message: 'PayPal refused' });
    expect(resultOf({ cancel: true })).toEqual({ ok: false, message: '', cancelled: true });
    expect(resultOf({})).toMatchObject({ ok: false, message: expect.stringMatching(/PayPal/) });
  });

  it('opens the window with the order and settles with its posted answer', async () => {
    const popup = { closed: false };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as Window);
    const answer = sandboxPayPal(order);
    expect(open.mock.calls[0]?.[0]).toMatch(/^\/sandbox\/paypal\.html\?amount=2\.99&currency=USD&plan=Trial&lang=/);
    // Another page's message, or one without the marker, is not the window's answer.
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', data: { cancel: true } }));
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: { source: 'followscope-sandbox-paypal', token: { id: 'sbx_pp_2' } },
      }),
    );
    expect(await answer).toEqual({ ok: true, id: 'sbx_pp_2' });
  });

  it('takes a window closed without an answer as a cancel, and a blocked window as a message', async () => {
    vi.useFakeTimers();
    const popup = { closed: false };
    vi.spyOn(window, 'open').mockReturnValue(popup as Window);
    const answer = sandboxPayPal(order);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await answer).toEqual({ ok: false, message: '', cancelled: true });
    vi.spyOn(window, 'open').mockReturnValue(null);
    expect(await sandboxPayPal(order)).toMatchObject({ ok: false, message: expect.stringMatching(/pop-ups/) });
  });
});

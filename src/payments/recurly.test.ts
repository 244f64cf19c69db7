// The Recurly.js provider against a stand-in with the shape of Recurly.js v4's API (the real library
// loads from Recurly, which this machine cannot reach).
// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { CardDetails } from './provider.ts';
import { type RecurlyJs, recurlyProvider } from './recurly.ts';

const card: CardDetails = {
  number: '4111 1111 1111 1111',
  month: '12',
  year: '30',
  cvv: '123',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
  username: 'ana',
};

function fakeRecurly(
  options: {
    tokenError?: string;
    threeDs?: 'token' | 'error';
    payPal?: 'token' | 'error' | 'cancel';
    applePay?: 'token' | 'cancel';
  } = {},
) {
  const handlers: Record<string, (value: never) => void> = {};
  const fake = {
    payPalOptions: [] as unknown[],
    PayPal: (payPalOptions: unknown) => {
      fake.payPalOptions.push(payPalOptions);
      const on: Record<string, (value: never) => void> = {};
      return {
        on: (event: string, handler: (value: never) => void) => {
          on[event] = handler;
        },
        // Recurly.js opens PayPal's window here; the payer approves, closes it, or PayPal fails.
        start: () => {
          if (options.payPal === 'error')
            on.error?.({ code: 'paypal-tokenize-error', message: 'PayPal is down' } as never);
          else if (options.payPal === 'cancel') on.cancel?.(undefined as never);
          else on.token?.({ id: 'tok-paypal', type: 'paypal' } as never);
        },
      };
    },
    ApplePay: () => {
      const on: Record<string, (value: never) => void> = {};
      return {
        on: (event: string, handler: (value: never) => void) => {
          on[event] = handler;
        },
        ready: (handler: () => void) => handler(),
        begin: () => {
          if (options.applePay === 'cancel') return on.cancel?.(undefined as never);
          on.paymentAuthorized?.({
            payment: { billingContact: { givenName: 'Zoë', familyName: 'Ångström-Li' } },
          } as never);
          on.token?.({ id: 'tok-apple' } as never);
        },
      };
    },
    configure: vi.fn(),
    token: vi.fn((_data: Record<string, string>, done: (e: { message: string } | null, t?: { id: string }) => void) =>
      options.tokenError ? done({ message: options.tokenError }) : done(null, { id: 'tok-123' }),
    ),
    Risk: () => ({
      ThreeDSecure: ({ actionTokenId }: { actionTokenId: string }) => ({
        on: (event: string, handler: (value: never) => void) => {
          handlers[event] = handler;
        },
        attach: (container: HTMLElement) => {
          expect(container.isConnected).toBe(true);
          if (options.threeDs === 'error') handlers.error?.({ message: 'Authentication failed' } as never);
          else handlers.token?.({ id: `res-for-${actionTokenId}` } as never);
        },
      }),
    }),
  };
  return fake as typeof fake & RecurlyJs;
}

describe('Recurly.js provider', () => {
  it('configures Recurly.js once with the public key and tokenises the card', async () => {
    const recurly = fakeRecurly();
    const provider = recurlyProvider('ewr1-public', async () => recurly);
    expect(await provider.tokenize(card)).toEqual({ ok: true, id: 'tok-123' });
    await provider.tokenize(card);
    expect(recurly.configure).toHaveBeenCalledOnce();
    expect(recurly.configure).toHaveBeenCalledWith({ publicKey: 'ewr1-public' });
    expect(recurly.token.mock.calls[0]?.[0]).toEqual({
      number: '4111111111111111',
      month: '12',
      year: '30',
      cvv: '123',
      first_name: 'Ana',
      last_name: 'Lima',
    });
  });

  it("gives Recurly's own message when tokenising fails (spec §8)", async () => {
    const provider = recurlyProvider('key', async () => fakeRecurly({ tokenError: 'Card number is invalid' }));
    expect(await provider.tokenize(card)).toEqual({ ok: false, message: 'Card number is invalid' });
  });

  it('runs 3-D Secure in a frame container and returns the result token or the message', async () => {
    const passed = recurlyProvider('key', async () => fakeRecurly({ threeDs: 'token' }));
    expect(await passed.threeDSecure('act-1', async () => 'pass')).toEqual({ ok: true, id: 'res-for-act-1' });
    const failed = recurlyProvider('key', async () => fakeRecurly({ threeDs: 'error' }));
    expect(await failed.threeDSecure('act-2', async () => 'pass')).toEqual({
      ok: false,
      message: 'Authentication failed',
    });
    expect(document.querySelector('.three-d-secure')).toBeNull();
  });

  it('opens PayPal with the order and gives its token, its message, or a cancel (spec §8)', async () => {
    const recurly = fakeRecurly();
    const provider = recurlyProvider(
      'key',
      async () => recurly,
      { enabled: true },
      () => 'pt-BR',
    );
    const order = { total: 2.99, currency: 'USD', label: 'Trial' };
    expect(await provider.payPal(order)).toEqual({ ok: true, id: 'tok-paypal' });
    expect(recurly.payPalOptions[0]).toEqual({
      display: { displayName: 'Trial', amount: '2.99', currency: 'USD', locale: 'pt_BR' },
    });
    const failing = recurlyProvider('key', async () => fakeRecurly({ payPal: 'error' }));
    expect(await failing.payPal(order)).toEqual({ ok: false, message: 'PayPal is down' });
    const cancelled = recurlyProvider('key', async () => fakeRecurly({ payPal: 'cancel' }));
    expect(await cancelled.payPal(order)).toEqual({ ok: false, message: '', cancelled: true });
  });

  it('gives PayPal through Braintree its client authorization, and offers no PayPal when it is off', async () => {
    const recurly = fakeRecurly();
    const braintree = recurlyProvider('key', async () => recurly, { enabled: true, braintreeAuthorization: 'bt-auth' });
    await braintree.payPal({ total: 9.99, currency: 'EUR', label: 'Monthly' });
    expect(recurly.payPalOptions[0]).toMatchObject({ braintree: { clientAuthorization: 'bt-auth' } });
    expect(recurlyProvider('key', async () => recurly, { enabled: false }).payPalAvailable()).toBe(false);
  });

  it("takes the payer's name from the Apple Pay sheet's billing contact", async () => {
    const provider = recurlyProvider('key', async () => fakeRecurly());
    expect(await provider.walletToken('applePay', { total: 1, currency: 'USD', label: 'Trial' })).toEqual({
      ok: true,
      id: 'tok-apple',
      payer: { firstName: 'Zoë', lastName: 'Ångström-Li' },
    });
    const closed = recurlyProvider('key', async () => fakeRecurly({ applePay: 'cancel' }));
    expect(await closed.walletToken('applePay', { total: 1, currency: 'USD', label: 'Trial' })).toMatchObject({
      ok: false,
      cancelled: true,
    });
  });

  it('reports a Recurly.js that cannot load', async () => {
    const provider = recurlyProvider('key', async () => {
      throw new Error('Recurly.js could not be loaded.');
    });
    expect(await provider.tokenize(card)).toEqual({ ok: false, message: 'Recurly.js could not be loaded.' });
  });
});

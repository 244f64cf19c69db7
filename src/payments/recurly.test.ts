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

function fakeRecurly(options: { tokenError?: string; threeDs?: 'token' | 'error' } = {}) {
  const handlers: Record<string, (value: never) => void> = {};
  const fake = {
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

  it('reports a Recurly.js that cannot load', async () => {
    const provider = recurlyProvider('key', async () => {
      throw new Error('Recurly.js could not be loaded.');
    });
    expect(await provider.tokenize(card)).toEqual({ ok: false, message: 'Recurly.js could not be loaded.' });
  });
});

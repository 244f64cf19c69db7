// @vitest-environment jsdom
// A screen's local reads start from the answer read before its first render (issue 31), so it paints
// once with its data; without one they answer "not read yet" first, as a live query does.
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from './db.ts';
import { type LocalRead, readAndRemember, recall, useLocalRead } from './local-read.ts';
import { clearAllLocalData } from './login.ts';
import { forgetRemembered } from './remembered.ts';
import type { UserRow } from './schema.ts';
import { userRead, useUserRecord } from './user.ts';

const row = (username: string) =>
  ({ username, email: `${username}@example.com`, id: 'current', updatedAt: 1 }) as UserRow;

/** Renders a component that reads the user record and keeps what each render saw. */
function renderUser() {
  const seen: Array<string | undefined> = [];
  function Probe() {
    seen.push(useUserRecord()?.username);
    return null;
  }
  render(<Probe />);
  return seen;
}

beforeEach(async () => {
  await clearAllLocalData();
});
afterEach(() => {
  cleanup();
  forgetRemembered();
});

describe('a local read', () => {
  it('starts from the answer read before the first render, and follows later writes', async () => {
    await db.user.put(row('ana'));
    await readAndRemember(userRead);
    const seen = renderUser();
    expect(seen[0]).toBe('ana');
    await act(() => db.user.put(row('bea')));
    await waitFor(() => expect(seen.at(-1)).toBe('bea'));
    expect(recall(userRead)?.value?.username).toBe('bea');
  });

  it('renders once more only when the stored answer differs from the one it started from', async () => {
    await db.user.put(row('ana'));
    await readAndRemember(userRead);
    const seen = renderUser();
    // The live query's own first answer equals the remembered one: no render for it.
    await act(() => db.user.get('current'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.every((name) => name === 'ana')).toBe(true);
  });

  it('answers "not read yet" first when nothing was read for its key, then the stored row', async () => {
    await db.user.put(row('ana'));
    const seen = renderUser();
    expect(seen[0]).toBeUndefined();
    await waitFor(() => expect(seen.at(-1)).toBe('ana'));
  });

  it('forgets what it read when the device is cleared, so nothing old paints after a logout', async () => {
    await db.user.put(row('ana'));
    await readAndRemember(userRead);
    await clearAllLocalData();
    expect(recall(userRead)).toBeUndefined();
  });

  it("starts a new key from what was remembered for it, never from the old key's answer", async () => {
    const reads = (name: string): LocalRead<string> => ({ key: `test:${name}`, read: async () => `${name} stored` });
    await readAndRemember(reads('first'));
    await readAndRemember(reads('second'));
    const seen: Array<string | undefined> = [];
    function Probe({ name }: { name: string }) {
      seen.push(useLocalRead(reads(name)));
      return null;
    }
    const { rerender } = render(<Probe name="first" />);
    rerender(<Probe name="second" />);
    expect(seen).toEqual(['first stored', 'second stored']);
  });

  it('follows several writes in a row to the last one', async () => {
    await db.user.put(row('ana'));
    await readAndRemember(userRead);
    const seen = renderUser();
    await act(async () => {
      for (const name of ['bea', 'cai', 'dan']) await db.user.put(row(name));
    });
    await waitFor(() => expect(seen.at(-1)).toBe('dan'));
  });

  it('lets a failed read reach the error boundary instead of showing nothing', async () => {
    const failing: LocalRead<string> = {
      key: 'test:failing',
      read: () => Promise.reject(new Error('the database is closed')),
    };
    function Probe() {
      return <>{useLocalRead(failing)}</>;
    }
    class Boundary extends Component<{ children: ReactNode }, { error?: string }> {
      override state: { error?: string } = {};
      static getDerivedStateFromError(error: Error) {
        return { error: error.message };
      }
      override render() {
        return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
      }
    }
    // React reports the caught error on the console too.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const view = render(
        <Boundary>
          <Probe />
        </Boundary>,
      );
      await waitFor(() => expect(view.container.textContent).toBe('failed: the database is closed'));
    } finally {
      quiet.mockRestore();
    }
  });
});

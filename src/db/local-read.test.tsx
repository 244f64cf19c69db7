// @vitest-environment jsdom
// A screen's local reads start from the answer read before its first render (issue 31), so it paints
// once with its data; without one they answer "not read yet" first, as a live query does.
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from './db.ts';
import { readAndRemember, recall } from './local-read.ts';
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
});

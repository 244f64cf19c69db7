// How a subscriber's screen waits for its first reads (issue 31): the opening screen takes the reads the
// entry started, every later navigation reads afresh, and a database that never answers holds the
// screen back no longer than the deadline.
import { describe, expect, it, vi } from 'vitest';
import { answeredWhenAll, firstReadsFor, openingReadsSettled, type Reads, startOpeningReads } from './first-reads.ts';

const readFirst = vi.fn<(screen: string, search: URLSearchParams) => Promise<void>>();
vi.mock('../db/first-reads.ts', () => ({ readFirst: (...args: [string, URLSearchParams]) => readFirst(...args) }));

describe('first reads of a screen', () => {
  it('are the ones the entry started, for the opening screen only', async () => {
    readFirst.mockResolvedValue(undefined);
    const started = startOpeningReads('/viewAllPosts', 'viewAllPosts', 'name=mostLiked');
    const opening = firstReadsFor('/viewAllPosts', 'viewAllPosts', 'name=mostLiked');
    expect(opening).toBe(started);
    await opening;
    expect(readFirst).toHaveBeenCalledTimes(1);
    expect(readFirst.mock.calls[0]?.[1].get('name')).toBe('mostLiked');
    // Coming back to the same screen later reads again: another screen may have written since.
    const again = firstReadsFor('/viewAllPosts', 'viewAllPosts', 'name=mostLiked');
    expect(again).not.toBe(opening);
    await again;
    expect(readFirst).toHaveBeenCalledTimes(2);
  });

  it('hold the header back until they have answered, even once the screen took them', async () => {
    let answer: () => void = () => undefined;
    readFirst.mockReturnValue(new Promise<void>((resolve) => (answer = resolve)));
    startOpeningReads('/home', 'home', '');
    firstReadsFor('/home', 'home', '');
    let settled = false;
    void openingReadsSettled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    answer();
    await vi.waitFor(() => expect(settled).toBe(true), { timeout: 15_000 });
  });

  it('read afresh when the first navigation is not the page’s opening one', async () => {
    readFirst.mockClear().mockResolvedValue(undefined);
    const opening = startOpeningReads('/home', 'home', '');
    await opening;
    const stories = firstReadsFor('/stories', 'stories', '');
    expect(stories).not.toBe(opening);
    await stories;
    expect(readFirst.mock.calls.map(([screen]) => screen)).toEqual(['home', 'stories']);
  });

  it('say they have answered, so a render need not wait a tick to know', async () => {
    readFirst.mockResolvedValue(undefined);
    const reads = firstReadsFor('/home', 'home', '');
    expect(reads.answered).toBeUndefined();
    await reads;
    expect(reads.answered).toBe(true);
  });

  it('give up waiting at the deadline when the database never answers', async () => {
    readFirst.mockReturnValue(new Promise<void>(() => undefined));
    const reads = firstReadsFor('/home', 'home', '', 30);
    await expect(reads).resolves.toBeUndefined();
  });

  it('let the screen render when the database code cannot load', async () => {
    readFirst.mockRejectedValue(new Error('chunk'));
    await expect(firstReadsFor('/home', 'home', '')).resolves.toBeUndefined();
  });
});

describe('a wait for a screen’s reads and code together', () => {
  it('answers once every one has settled, a failure included, and says so', async () => {
    let finish: () => void = () => undefined;
    const slow: Reads = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const all = answeredWhenAll([slow, Promise.reject(new Error('chunk')), undefined]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(all.answered).toBeUndefined();
    finish();
    await expect(all).resolves.toBeUndefined();
    expect(all.answered).toBe(true);
  });

  it('has answered at once when each part had, or there is none', () => {
    const done: Reads = Promise.resolve();
    done.answered = true;
    expect(answeredWhenAll([done, undefined]).answered).toBe(true);
    expect(answeredWhenAll([]).answered).toBe(true);
  });
});

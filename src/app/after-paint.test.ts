// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The module keeps one "painted" for the page's life: each test loads it afresh.
async function freshModule() {
  vi.resetModules();
  return import('./after-paint.ts');
}

describe('work after the opening screen has painted', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the paint, then runs in an idle moment', async () => {
    const { afterScreenPaint, markScreenPainted } = await freshModule();
    const task = vi.fn();
    afterScreenPaint(task);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(task).not.toHaveBeenCalled();
    markScreenPainted();
    await vi.waitFor(() => expect(task).toHaveBeenCalledOnce(), { timeout: 15_000 });
  });

  it('runs at once (in the next idle moment) when the screen has painted already', async () => {
    const { afterScreenPaint, markScreenPainted } = await freshModule();
    markScreenPainted();
    markScreenPainted();
    const task = vi.fn();
    afterScreenPaint(task);
    await vi.waitFor(() => expect(task).toHaveBeenCalledOnce(), { timeout: 15_000 });
  });

  it('runs all the same when no screen paints within its deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'requestIdleCallback'] });
    const { afterScreenPaint } = await freshModule();
    const task = vi.fn();
    afterScreenPaint(task);
    await vi.advanceTimersByTimeAsync(4_900);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_200);
    expect(task).toHaveBeenCalledOnce();
  });

  it('never runs once cancelled, and leaves no timer behind (a test torn down meanwhile had no window)', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'],
    });
    const { afterScreenPaint, markScreenPainted } = await freshModule();
    const waiting = vi.fn();
    const cancelWaiting = afterScreenPaint(waiting);
    cancelWaiting();
    expect(vi.getTimerCount()).toBe(0);
    markScreenPainted();
    // The frame, then the task queued from it.
    await vi.advanceTimersByTimeAsync(16);
    await vi.advanceTimersByTimeAsync(1);
    expect(vi.getTimerCount()).toBe(0);
    const idling = vi.fn();
    const cancelIdling = afterScreenPaint(idling);
    await Promise.resolve();
    expect(vi.getTimerCount()).toBe(1);
    cancelIdling();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(waiting).not.toHaveBeenCalled();
    expect(idling).not.toHaveBeenCalled();
  });

  it('waits while a screen holds it for content still coming, then runs once every hold is released', async () => {
    const { afterScreenPaint, holdScreenPaint, markScreenPainted } = await freshModule();
    const task = vi.fn();
    afterScreenPaint(task);
    const pictures = holdScreenPaint();
    const page = holdScreenPaint();
    markScreenPainted();
    pictures();
    // A second call of the same release does not count as the other's.
    pictures();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(task).not.toHaveBeenCalled();
    page();
    await vi.waitFor(() => expect(task).toHaveBeenCalledOnce(), { timeout: 15_000 });
  });

  it('holds nothing once the opening screen has painted: a later screen does not delay the work', async () => {
    const { afterScreenPaint, holdScreenPaint, markScreenPainted } = await freshModule();
    markScreenPainted();
    holdScreenPaint();
    const task = vi.fn();
    afterScreenPaint(task);
    await vi.waitFor(() => expect(task).toHaveBeenCalledOnce(), { timeout: 15_000 });
  });

  it('runs all the same when a hold is never released, at the paint deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'requestIdleCallback'] });
    const { afterScreenPaint, holdScreenPaint, markScreenPainted } = await freshModule();
    const task = vi.fn();
    afterScreenPaint(task);
    holdScreenPaint();
    markScreenPainted();
    await vi.advanceTimersByTimeAsync(4_900);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_200);
    expect(task).toHaveBeenCalledOnce();
  });
});

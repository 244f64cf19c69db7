// Work the opening screen does not show (the service worker, the outbox, the phone's features, the
// collector's core, the growth chart's code) waits until that screen has painted, then for an idle
// moment. Started before, it took the main thread and the connection while a subscriber's screen was still
// reading IndexedDB, and a phone's first paint of its figures came after it (issue 31: Lighthouse counts
// everything that runs before the largest paint).
import { useEffect, useState } from 'react';

/**
 * How long the work may wait for a paint that does not come (a redirect, a screen that never loads): it
 * is needed all the same.
 */
const PAINT_DEADLINE_MS = 5000;
/** How long an idle moment may be waited for once the screen is painted. */
const IDLE_DEADLINE_MS = 2000;

let painted: () => void = () => undefined;
const screenPainted = new Promise<void>((resolve) => {
  painted = resolve;
});
let isPainted = false;
/** Screens still fetching what their first paint is for (see holdScreenPaint). */
let holds = 0;

/** Resolves once the next frame has been drawn. */
export function nextFrameDrawn(): Promise<void> {
  // The callback runs before that frame is drawn; a task queued from it runs after.
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function resolveAfterFrame(): void {
  void nextFrameDrawn().then(painted);
}

/** Called once a screen has rendered: resolves after the frame that shows it, unless a hold is kept. */
export function markScreenPainted(): void {
  if (isPainted) return;
  isPainted = true;
  if (holds === 0) resolveAfterFrame();
}

/**
 * For an opening screen whose content comes from the network after its first render (stories on a first
 * visit): the work waits until that content shows, so the phone's connection and CPU go to it first (the
 * largest paint). Taken before the screen's first render has committed; returns the release, which may be
 * called more than once. After the opening screen's paint it holds nothing. The deadline still applies.
 */
export function holdScreenPaint(): () => void {
  if (isPainted) return () => undefined;
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0 && isPainted) resolveAfterFrame();
  };
}

/** Runs `task` in an idle moment; returns what cancels it. */
function idle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: IDLE_DEADLINE_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
}

/**
 * Runs `task` in an idle moment after the opening screen's paint (or its deadline); returns what cancels
 * it, for a part that goes before then (an unmounted component's task, or its test's, must not outlive it).
 */
export function afterScreenPaint(task: () => void): () => void {
  let cancelled = false;
  let cancelIdle: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, PAINT_DEADLINE_MS);
  });
  void Promise.race([screenPainted, deadline]).then(() => {
    clearTimeout(timer);
    if (!cancelled) cancelIdle = idle(task);
  });
  return () => {
    cancelled = true;
    clearTimeout(timer);
    cancelIdle?.();
  };
}

/** False until the opening screen has painted and an idle moment came: for parts that can come after it. */
export function useAfterScreenPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterScreenPaint(() => setReady(true)), []);
  return ready;
}

// Whether the current story item may play: its media loaded (and the spec's 1 s loading flag has
// cleared), or it failed, or it took too long, which counts as failed. The state belongs to one item,
// so a late answer or a pending timer of the previous item never starts the next one.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaState } from './media-state.ts';

/** spec §9: the loading flag clears 1 s after load. */
export const LOADED_AFTER_MS = 1000;
/**
 * How long an item's media may take to load before the viewer says "Story Not available" and moves
 * on, as for a failed file (spec §2), so a story never freezes. Long enough for a slow phone on a
 * poor network to fetch a short clip; short enough that a person would not give up first.
 */
export const MEDIA_LOAD_TIMEOUT_MS = 12_000;

export interface ItemLoading {
  /** Loaded, and the loading flag has cleared: progress may run. */
  ready: boolean;
  /** Failed to load, or did not load in time: "Story Not available" shows and progress runs. */
  failed: boolean;
  /** The media loaded (idempotent). */
  onLoaded(): void;
  /** The media failed. */
  onFailed(): void;
}

/** The loading state of the item named `itemKey`; a new key starts from 'loading'. */
export function useItemLoading(itemKey: string): ItemLoading {
  const [settled, setSettled] = useState<{ key: string; state: MediaState }>();
  const [readyKey, setReadyKey] = useState<string>();
  const current = useRef(itemKey);
  current.current = itemKey;
  const state: MediaState = settled?.key === itemKey ? settled.state : 'loading';

  const settle = useCallback(
    (next: MediaState) =>
      setSettled((previous) => {
        // An answer about another item, or a load after a failure, changes nothing.
        if (itemKey !== current.current) return previous;
        if (previous?.key === itemKey && previous.state === 'failed') return previous;
        return { key: itemKey, state: next };
      }),
    [itemKey],
  );

  useEffect(() => {
    if (state !== 'loaded') return;
    const timer = setTimeout(() => setReadyKey(itemKey), LOADED_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state, itemKey]);

  // The bounded wait: cleared by a load or a failure, restarted by the next item.
  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(() => settle('failed'), MEDIA_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state, settle]);

  return {
    ready: state === 'loaded' && readyKey === itemKey,
    failed: state === 'failed',
    onLoaded: useCallback(() => settle('loaded'), [settle]),
    onFailed: useCallback(() => settle('failed'), [settle]),
  };
}

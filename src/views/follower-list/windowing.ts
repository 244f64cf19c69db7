// Rendering only the rows on screen, so a list of thousands stays smooth.
import { type RefObject, useEffect, useState } from 'react';

/** spec-free layout constant: every row is this tall (app.css .follower-list__item). */
export const ROW_HEIGHT = 64;
const OVERSCAN = 10;

/** The rows [start, end) worth rendering, from where the list sits in the window. */
export function visibleRows(listTop: number, viewportHeight: number, count: number): { start: number; end: number } {
  const start = Math.max(0, Math.floor(-listTop / ROW_HEIGHT) - OVERSCAN);
  const end = Math.min(count, start + Math.ceil(viewportHeight / ROW_HEIGHT) + 2 * OVERSCAN);
  return { start, end };
}

/** Follows the window's scroll and size. */
export function useVisibleRows(list: RefObject<HTMLElement | null>, count: number) {
  const [range, setRange] = useState(() => visibleRows(0, 800, count));
  useEffect(() => {
    const update = () => {
      const top = list.current?.getBoundingClientRect().top ?? 0;
      setRange(visibleRows(top, window.innerHeight, count));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [list, count]);
  return range;
}

// The offer's reservation countdown (spec §2, §9): 15 minutes, shown from 14:59, stopping at zero.
// Issue 51: it counts from this device's first showing of the offer, so a reload or a new visit
// continues it, and at zero the discounted offer has ended for good (src/app/offer-clock.ts).
import { useEffect, useState } from 'react';
import { offerShownAt } from '../../app/offer-clock.ts';

/** spec §9: the offer is reserved for 15 minutes. */
export const RESERVATION_S = 15 * 60;
/** spec §9: the sticky timer appears after a scroll of 535. */
export const STICKY_AFTER_SCROLL = 535;

/** Seconds left, counting from 14:59 at `startedAt`; never below zero, nor above 14:59 (a clock set back). */
export function secondsLeft(startedAt: number, now: number): number {
  return Math.min(RESERVATION_S - 1, Math.max(0, RESERVATION_S - 1 - Math.floor((now - startedAt) / 1000)));
}

/** m:ss. */
export function formatClock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The seconds left of this device's reservation, ticking each second until zero. */
export function useCountdown(): number {
  const [startedAt] = useState(() => offerShownAt(Date.now()));
  const [left, setLeft] = useState(() => secondsLeft(startedAt, Date.now()));
  useEffect(() => {
    if (secondsLeft(startedAt, Date.now()) === 0) return;
    const timer = setInterval(() => {
      const next = secondsLeft(startedAt, Date.now());
      setLeft(next);
      // spec §4: the countdown stops at zero.
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return left;
}

/** Whether the page has scrolled past `threshold`. */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    // Where a page opened already scrolled (back to it) is read in the next frame: read here, scrollY made
    // the browser lay out the new page inside React's commit, one longer task on the offer's first paint.
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [threshold]);
  return past;
}

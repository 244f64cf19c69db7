// @vitest-environment jsdom
// Issue 51: the offer's reservation counts from this device's first showing; a reload, a new visit or a
// logout continues it, and at zero it stays at zero.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearKeepingOfferClock, offerShownAt, readOfferShownAt } from '../../app/offer-clock.ts';
import { formatClock, RESERVATION_S, secondsLeft } from './countdown.ts';

const minute = 60_000;

beforeEach(() => localStorage.clear());

describe('the offer’s reservation', () => {
  it('starts at 14:59 on the first showing and continues from it on every later one', () => {
    const first = Date.UTC(2026, 11, 2, 8, 0, 0);
    expect(formatClock(secondsLeft(offerShownAt(first), first))).toBe('14:59');
    // A reload 10 s later, a new visit 10 minutes later: the same first showing, the time gone by.
    expect(offerShownAt(first + 10_000)).toBe(first);
    expect(formatClock(secondsLeft(offerShownAt(first + 10_000), first + 10_000))).toBe('14:49');
    expect(formatClock(secondsLeft(offerShownAt(first + 10 * minute), first + 10 * minute))).toBe('4:59');
  });

  it('is over at 15 minutes and stays over, a day or a month later', () => {
    const first = Date.UTC(2026, 11, 2, 8, 0, 0);
    offerShownAt(first);
    expect(secondsLeft(offerShownAt(first + RESERVATION_S * 1000), first + RESERVATION_S * 1000)).toBe(0);
    expect(secondsLeft(offerShownAt(first + 24 * 60 * minute), first + 24 * 60 * minute)).toBe(0);
    expect(secondsLeft(offerShownAt(first + 30 * 24 * 60 * minute), first + 30 * 24 * 60 * minute)).toBe(0);
  });

  it('never shows more than 14:59, even on a clock set back', () => {
    const first = Date.UTC(2026, 11, 2, 8, 0, 0);
    offerShownAt(first);
    expect(secondsLeft(offerShownAt(first - 60 * minute), first - 60 * minute)).toBe(RESERVATION_S - 1);
  });

  it('keeps the first showing when logging out empties local storage', () => {
    const first = Date.UTC(2026, 11, 2, 8, 0, 0);
    offerShownAt(first);
    localStorage.setItem('followscope.session', '{}');
    clearKeepingOfferClock(() => localStorage.clear());
    expect(localStorage.getItem('followscope.session')).toBeNull();
    expect(readOfferShownAt()).toBe(first);
  });
});

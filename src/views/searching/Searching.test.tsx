// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18n } from '../../i18n/index.ts';
import Searching, { SEARCH_REDIRECT_AT, SEARCH_TICK_MS } from './Searching.tsx';

afterEach(() => vi.useRealTimers());

describe('Searching (spec §9: 450 ms per percent, redirect at 17)', () => {
  it('counts one percent per 450 ms and goes to the offer at 17', () => {
    vi.useFakeTimers();
    const location = memoryLocation({ path: '/searching', record: true });
    render(
      <I18nProvider i18n={i18n}>
        <Router hook={location.hook}>
          <Searching />
        </Router>
      </I18nProvider>,
    );
    act(() => vi.advanceTimersByTime(SEARCH_TICK_MS * 5));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
    act(() => vi.advanceTimersByTime(SEARCH_TICK_MS * (SEARCH_REDIRECT_AT - 5) - 1));
    expect(location.history?.at(-1)).toBe('/searching');
    act(() => vi.advanceTimersByTime(1));
    expect(location.history?.at(-1)).toBe('/paymentplan');
  });
});

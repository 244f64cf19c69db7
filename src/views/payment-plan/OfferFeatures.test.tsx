// @vitest-environment jsdom
// The honest offer (issue 34): the official API's features are listed only where this server has it, and
// what no legitimate source gives is said not to be for sale, never listed as a feature.
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../i18n/index.ts';
import { OfferFeatures } from './OfferFeatures.tsx';

const show = (official: boolean) =>
  render(
    <I18nProvider i18n={i18n}>
      <OfferFeatures official={official} />
    </I18nProvider>,
  );

afterEach(async () => {
  cleanup();
  await activateLocale('en');
});

describe('the offer’s features', () => {
  it('names each feature’s source, and the official API’s only where this server has it', async () => {
    await activateLocale('en');
    show(false);
    const offer = screen.getByTestId('offer-features');
    expect(screen.getByRole('heading', { name: 'From your data download' })).toBeTruthy();
    expect(offer.textContent).toContain('up to 48 hours');
    expect(screen.queryByRole('heading', { name: /official API/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Not for sale' })).toBeTruthy();
    // Viewers' names and other people's stories are never a feature on sale.
    const sold = [...offer.querySelectorAll('li')].map((item) => item.textContent ?? '');
    expect(sold.some((item) => /viewer|stories of|anonymous/i.test(item))).toBe(false);
    cleanup();

    show(true);
    expect(
      screen.getByRole('heading', { name: 'For business and creator accounts, from the network’s official API' }),
    ).toBeTruthy();
    // Issue 49: the official API no longer reports profile visits, so the offer does not promise them.
    const official = [...document.querySelectorAll('li')].map((item) => item.textContent ?? '');
    expect(official.some((item) => /follows and unfollows per day/.test(item))).toBe(true);
    expect(official.some((item) => /visit/i.test(item))).toBe(false);
  });

  it('speaks the reader’s language', async () => {
    await activateLocale('de');
    show(false);
    expect(screen.getByRole('heading', { name: 'Aus deinem Daten-Download' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Nicht im Angebot' })).toBeTruthy();
  });
});

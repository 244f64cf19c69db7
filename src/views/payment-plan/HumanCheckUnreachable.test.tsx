// @vitest-environment jsdom
// The human check works online only, so its widget is not precached (vite.config.ts): where its chunk
// cannot load (offline), the checkout says why, in the reader's language, instead of failing the form.
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../i18n/index.ts';
import { humanCheckOrUnreachable } from './CheckoutForm.tsx';

afterEach(async () => {
  cleanup();
  await activateLocale('en');
});

describe('the human check where its widget cannot load', () => {
  it('says there is no connection, in the reader’s language', async () => {
    await activateLocale('de');
    const { default: Check } = await humanCheckOrUnreachable(() => Promise.reject(new TypeError('Failed to fetch')));
    render(
      <I18nProvider i18n={i18n}>
        <Check onPass={() => undefined} />
      </I18nProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Keine Verbindung. Überprüfe dein Netzwerk und versuche es erneut.',
    );
  });

  it('is the widget itself where it loads', async () => {
    const widget = () => null;
    expect((await humanCheckOrUnreachable(async () => ({ default: widget }))).default).toBe(widget);
  });
});

// The language follows the browser (spec §1), with English as the fallback.

import { expect, test } from './fixtures.ts';
import { visit } from './helpers.ts';

test.describe('a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('sees the welcome card in French, and <html lang> says so', async ({ page }) => {
    await visit(page, '/');
    await expect(page.getByRole('link', { name: "Lancer l'analyse" })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    expect(await visit(page, '/nowhere')).toBe('/nowhere');
    await expect(page.locator('main h1')).toHaveText('Page introuvable');
  });
});

test.describe('a Japanese browser', () => {
  test.use({ locale: 'ja-JP' });

  test('falls back to English', async ({ page }) => {
    await visit(page, '/');
    await expect(page.getByRole('link', { name: 'Start analyzing' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

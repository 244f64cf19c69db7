// The legal pages (issue 20): every language says as much as English, section by section, and the
// privacy policy describes cancelling, exporting, deleting and what is kept.
import { describe, expect, it } from 'vitest';
import { locales } from '../../common/locales.ts';
import { cmsContent } from './pages.ts';
import { cmsPageNames } from './types.ts';

const shape = (name: (typeof cmsPageNames)[number], locale: (typeof locales)[number]) =>
  cmsContent[name][locale].sections.map((section) => section.paragraphs.length);

describe('terms and privacy', () => {
  it.each(locales)('have in %s the sections and paragraphs English has', (locale) => {
    for (const name of cmsPageNames) expect(shape(name, locale)).toEqual(shape(name, 'en'));
  });

  it('describe cancelling in one click, export, deletion and what is kept (English)', () => {
    const section = cmsContent.PRIVACY_POLICY.en.sections.find(
      (s) => s.heading === 'Cancelling and deleting your account',
    );
    const text = section?.paragraphs.join(' ') ?? '';
    expect(text).toContain('“Cancel subscription”');
    expect(text).toContain('“Keep my subscription”');
    expect(text).toContain('exported from the Manage subscription screen');
    expect(text).toContain('“Delete my account”');
    expect(text).toContain(
      'a record of each payment (its date, amount, currency and plan), with no name, email or username',
    );
    expect(cmsContent.TERMS_OF_SERVICE.en.sections.find((s) => s.heading === 'Cancellation')?.paragraphs[0]).toContain(
      'in one click',
    );
  });
});

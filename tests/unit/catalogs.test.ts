// Every language has every message English has, with the same placeholders, really translated.
import { readFileSync } from 'node:fs';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { locales } from '../../src/i18n/locales.ts';

function catalog(locale: string): Map<string, string> {
  const po = PO.parse(readFileSync(new URL(`../../locales/${locale}/messages.po`, import.meta.url), 'utf8'));
  return new Map(po.items.map((item) => [item.msgid, item.msgstr.join('')]));
}

/** Placeholders and tags a translation must keep: {name}, {0}, <0>, </0>. */
function placeholders(text: string): string[] {
  return (text.match(/\{[^}]+\}|<\/?\d+\/?>/g) ?? []).sort();
}

const english = catalog('en');

describe('message catalogs', () => {
  it('English has messages', () => {
    expect(english.size).toBeGreaterThan(20);
  });

  describe.each(locales.filter((locale) => locale !== 'en'))('%s', (locale) => {
    const translated = catalog(locale);

    it('has every message English has, translated', () => {
      const missing = [...english.keys()].filter((id) => !translated.get(id)?.trim());
      expect(missing).toEqual([]);
    });

    it('keeps every placeholder and tag', () => {
      const broken = [...english.keys()].filter(
        (id) => translated.get(id) && placeholders(id).join() !== placeholders(translated.get(id) ?? '').join(),
      );
      expect(broken).toEqual([]);
    });

    it('is a translation, not a copy of the English', () => {
      const copies = [...english.keys()].filter((id) => translated.get(id) === id && /[a-z]{4,}/i.test(id));
      // A few words are the same in both languages ("Menu", "Stories"); most must differ.
      expect(copies.length).toBeLessThanOrEqual(Math.ceil(english.size * 0.1));
    });
  });
});

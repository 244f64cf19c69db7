// Every language has every message English has, with the same placeholders, really translated.
import { readFileSync } from 'node:fs';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { locales } from '../../common/locales.ts';

function catalog(locale: string): Map<string, string> {
  const po = PO.parse(readFileSync(new URL(`../../locales/${locale}/messages.po`, import.meta.url), 'utf8'));
  return new Map(po.items.map((item) => [item.msgid, item.msgstr.join('')]));
}

/**
 * Placeholders and tags a translation must keep: {name}, {0}, <0>, </0>; for an ICU plural or select,
 * its argument, kind and branch keys, and what each branch keeps (its text is the translator's).
 */
function placeholders(text: string): string[] {
  const found: string[] = text.match(/<\/?\d+\/?>/g) ?? [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '{') continue;
    const end = closing(text, i);
    const inside = text.slice(i + 1, end);
    const choice = /^\s*(\w+)\s*,\s*(plural|select|selectordinal)\s*,/.exec(inside);
    if (!choice) found.push(`{${inside}}`);
    else {
      found.push(`{${choice[1]}, ${choice[2]}}`);
      let rest = inside.slice(choice[0].length);
      for (let key = /^\s*(=?\w+)\s*\{/.exec(rest); key; key = /^\s*(=?\w+)\s*\{/.exec(rest)) {
        const open = key[0].length - 1;
        const branchEnd = closing(rest, open);
        found.push(`${key[1]}:`, ...placeholders(rest.slice(open + 1, branchEnd)).map((part) => `${key[1]}:${part}`));
        if (rest.slice(open + 1, branchEnd).includes('#')) found.push(`${key[1]}:#`);
        rest = rest.slice(branchEnd + 1);
      }
    }
    i = end;
  }
  return found.sort();
}

/** The index of the brace that closes the one at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length;
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

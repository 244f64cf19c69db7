// The app's own catalogs, so a test written with the English text runs in any language.
import { readFileSync } from 'node:fs';
import PO from 'pofile';
import type { Locale } from '../../common/locales.ts';
import { type ServerMessage, translate } from '../../server/i18n/messages.ts';

export type TestLocale = Locale;

const catalogs = new Map<string, Map<string, string>>();

function catalog(locale: string): Map<string, string> {
  let found = catalogs.get(locale);
  if (!found) {
    const po = PO.parse(readFileSync(new URL(`../../locales/${locale}/messages.po`, import.meta.url), 'utf8'));
    found = new Map(po.items.map((item) => [item.msgid, item.msgstr.join('') || item.msgid]));
    catalogs.set(locale, found);
  }
  return found;
}

/** A UI text in `locale`, looked up by its English source; `{name}` takes `values.name`. */
export function ui(locale: TestLocale, english: string, values: Record<string, string | number> = {}): string {
  const text = catalog(locale).get(english);
  if (text === undefined) throw new Error(`no message "${english}" in the catalogs`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A server message in `locale`. */
export function serverText(locale: TestLocale, key: ServerMessage, values: Record<string, number> = {}): string {
  return translate(key, locale, values);
}

/** Screens that show the sample network's figures under its banner; those also with a source line. */
export const bannered = [
  '/newfollowers',
  '/profileview',
  '/postanalytics',
  '/stories',
  '/sentimentalAnalysis',
  '/downloadreel',
];
export const sourceLined = ['/mutualfollowing', '/postanalytics'];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Sample data" then "From the sample network, {time}", in `locale`. */
export function sampleLine(locale: Locale) {
  const [before = '', after = ''] = ui(locale, 'From the sample network, {time}').split('{time}');
  return new RegExp(`^${escapeRegExp(ui(locale, 'Sample data'))}${escapeRegExp(before)}.+${escapeRegExp(after)}$`);
}

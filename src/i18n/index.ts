// Lingui setup: one catalog per language, loaded on demand so only the chosen one is downloaded.
import { i18n } from '@lingui/core';
import { defaultLocale, type Locale, pickLocale } from '../../common/locales.ts';

export { i18n };

const catalogs: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('../../locales/en/messages.po'),
  es: () => import('../../locales/es/messages.po'),
  fr: () => import('../../locales/fr/messages.po'),
  de: () => import('../../locales/de/messages.po'),
  it: () => import('../../locales/it/messages.po'),
  'pt-BR': () => import('../../locales/pt-BR/messages.po'),
};

/** The language the browser asks for, among ours (spec §1: chosen from the browser language). */
export function detectLocale(): Locale {
  return pickLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** Loads a catalog and makes it current; keeps `<html lang>` in step. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]().catch(() => catalogs[defaultLocale]());
  i18n.loadAndActivate({ locale, messages: messages as never });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The language every call sends as accept-language (spec §7; default en). */
export function currentLocale(): string {
  return i18n.locale || defaultLocale;
}

// The human check in the reader's language (issue 51: "I'm not a robot / Protected by ALTCHA" on a
// Portuguese page). ALTCHA ships one file per language, which registers its strings on the widget's
// registry; only the reader's is loaded.
import type { Locale } from '../../../common/locales.ts';

const languages: Record<Locale, { tag: string; load?: () => Promise<unknown> }> = {
  // English is the widget's own.
  en: { tag: 'en' },
  es: { tag: 'es-es', load: () => import('altcha/i18n/es-es') },
  fr: { tag: 'fr-fr', load: () => import('altcha/i18n/fr-fr') },
  de: { tag: 'de', load: () => import('altcha/i18n/de') },
  it: { tag: 'it', load: () => import('altcha/i18n/it') },
  'pt-BR': { tag: 'pt-br', load: () => import('altcha/i18n/pt-br') },
};

/** Loads the widget's strings for `locale` and answers the tag its `language` attribute takes. */
export async function humanCheckLanguage(locale: string): Promise<string> {
  const language = languages[locale as Locale] ?? languages.en;
  await language.load?.();
  return language.tag;
}

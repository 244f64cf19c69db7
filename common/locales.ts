// The six languages (spec §1) and how a browser's preferences map onto them.

export const locales = ['en', 'es', 'fr', 'de', 'it', 'pt-BR'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** Picks the first supported language from the browser's list; any Portuguese maps to pt-BR. */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    const exact = locales.find((locale) => locale.toLowerCase() === lower);
    if (exact) return exact;
    const language = lower.split('-')[0];
    const byLanguage = locales.find((locale) => locale.toLowerCase().split('-')[0] === language);
    if (byLanguage) return byLanguage;
  }
  return defaultLocale;
}

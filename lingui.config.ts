import { defineConfig } from '@lingui/conf';

// One catalog per language (spec §1); en is the source and the fallback.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'de', 'it', 'pt-BR'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: ['**/*.test.*'] }],
  format: 'po',
});

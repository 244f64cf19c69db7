import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// One catalog per language (spec §1); en is the source and the fallback. Origins name the file without
// a line number, so an edit elsewhere in a file does not rewrite every catalog (and branches merge).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'de', 'it', 'pt-BR'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: ['**/*.test.*'] }],
  format: formatter({ lineNumbers: false }),
});

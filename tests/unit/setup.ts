// Unit-test setup: an in-memory IndexedDB and the English catalog, as the app has at start.
import 'fake-indexeddb/auto';
import { activateLocale } from '../../src/i18n/index.ts';

await activateLocale('en');

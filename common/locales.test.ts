import { describe, expect, it } from 'vitest';
import { pickLocale } from './locales.ts';

describe('pickLocale (spec §1: chosen from the browser language, en as fallback)', () => {
  it.each([
    [['fr-FR', 'en'], 'fr'],
    [['de'], 'de'],
    [['es-MX'], 'es'],
    [['it-IT'], 'it'],
    [['pt-BR'], 'pt-BR'],
    [['pt-PT'], 'pt-BR'],
    [['pt'], 'pt-BR'],
    [['ja', 'it'], 'it'],
    [['ja', 'zh-CN'], 'en'],
    [[], 'en'],
    [['EN-gb'], 'en'],
  ])('%j → %s', (preferred, expected) => {
    expect(pickLocale(preferred)).toBe(expected);
  });
});

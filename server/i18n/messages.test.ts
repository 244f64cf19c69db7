// Issue 51: "1 tries left". Server messages choose their plural forms by each language's rules.
import { describe, expect, it } from 'vitest';
import { locales } from '../../common/locales.ts';
import { translate } from './messages.ts';

describe('server messages with a count', () => {
  it('say one try, and several tries, in each language', () => {
    expect(translate('wrongCode', 'en', { n: 1 })).toBe('That code is not right. 1 try left for this code.');
    expect(translate('wrongCode', 'en', { n: 4 })).toBe('That code is not right. 4 tries left for this code.');
    expect(translate('wrongCode', 'de', { n: 1 })).toBe('Dieser Code stimmt nicht. Noch 1 Versuch für diesen Code.');
    expect(translate('wrongCode', 'de', { n: 2 })).toBe('Dieser Code stimmt nicht. Noch 2 Versuche für diesen Code.');
    expect(translate('wrongCode', 'pt-BR', { n: 1 })).toBe(
      'Esse código não está correto. Resta 1 tentativa para este código.',
    );
    expect(translate('wrongCode', 'es', { n: 3 })).toBe(
      'Ese código no es correcto. Te quedan 3 intentos para este código.',
    );
  });

  it('leave no plural syntax in any language', () => {
    for (const locale of locales)
      for (const n of [1, 2, 4]) expect(translate('wrongCode', locale, { n })).not.toMatch(/[{}#]/);
  });
});

import { describe, expect, it } from 'vitest';
import { DATE_LANGUAGES, writtenDate } from '../../tests/fixtures/html-pages.ts';
import { parseFollowDate } from './follow-dates.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('follow dates as an HTML download writes them', () => {
  it('reads the formats the brief names, in every language', () => {
    const expected = at('2026-11-12T15:04:00Z');
    for (const written of [
      'Nov 12, 2026 3:04 pm',
      '12 nov 2026, 15:04',
      '12.11.2026 15:04',
      '12 de nov. de 2026 15:04',
      'November 12, 2026 at 3:04\u202fPM',
      '12 de noviembre de 2026 a las 15:04',
      '12 nov. 2026 3:04 p.\u00a0m.',
      '12 novembre 2026 à 15:04',
      '12 nov. 2026, 15 h 04',
      '12. Nov. 2026, 15:04',
      '12. November 2026 um 15:04',
      '12 novembre 2026 alle ore 15:04',
      '12 de novembro de 2026 às 15:04',
      '2026-11-12 15:04',
    ]) {
      expect(parseFollowDate(written), written).toBe(expected);
    }
  });

  it('reads every month, morning and afternoon, in each of the six languages', () => {
    for (const language of DATE_LANGUAGES) {
      for (let month = 0; month < 12; month++) {
        for (const [day, hour] of [
          [1, 0],
          [28, 9],
          [13, 12],
          [9, 23],
        ] as const) {
          const when = Date.UTC(2025, month, day, hour, 7 + month) / 1000;
          for (const style of ['medium', 'long'] as const) {
            const written = writtenDate(when, language, style);
            expect(parseFollowDate(written), `${language}: ${written}`).toBe(when);
          }
        }
      }
    }
  });

  it('takes a date in figures only when it reads one way: day first with dots, or a day above 12', () => {
    expect(parseFollowDate('03.04.2026 10:00')).toBe(at('2026-04-03T10:00:00Z'));
    expect(parseFollowDate('13/04/2026 10:00')).toBe(at('2026-04-13T10:00:00Z'));
    expect(parseFollowDate('04/13/2026 10:00 am')).toBe(at('2026-04-13T10:00:00Z'));
    // April 3rd or March 4th: unknown rather than a guess.
    expect(parseFollowDate('03/04/2026 10:00')).toBeNull();
    // A two-digit year could be any century.
    expect(parseFollowDate('13.04.26, 10:00')).toBeNull();
  });

  it('leaves unknown what is not a date', () => {
    for (const written of [
      '',
      'ana.lima',
      'Feb 30, 2026 1:00 pm',
      'Nov 12 3:04 pm',
      '12 foo 2026',
      '13:04 pm',
      '25:00 12 nov 2026',
    ]) {
      expect(parseFollowDate(written), written).toBeNull();
    }
  });

  it('reads a date without a time as its midnight', () => {
    expect(parseFollowDate('12 de nov. de 2026')).toBe(at('2026-11-12T00:00:00Z'));
  });
});

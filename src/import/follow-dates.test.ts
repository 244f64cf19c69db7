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

describe('12-hour clocks (issue 50)', () => {
  it('reads the day period after the time in the six languages, with the 12 o’clock rule', () => {
    const cases: Array<[string, string]> = [
      // en
      ['Aug 11, 2026 1:07 pm', '2026-08-11T13:07:00Z'],
      ['Aug 11, 2026 12:30 am', '2026-08-11T00:30:00Z'],
      ['Aug 11, 2026 12:30 pm', '2026-08-11T12:30:00Z'],
      // es
      ['11 ago 2026, 1:07 p. m.', '2026-08-11T13:07:00Z'],
      ['11 ago 2026, 12:30 a. m.', '2026-08-11T00:30:00Z'],
      ['11 ago 2026, 9:15 de la noche', '2026-08-11T21:15:00Z'],
      ['11 ago 2026, 4:05 de la madrugada', '2026-08-11T04:05:00Z'],
      // fr
      ['11 août 2026, 3:04 de l’après-midi', '2026-08-11T15:04:00Z'],
      ['11 août 2026, 9:15 du soir', '2026-08-11T21:15:00Z'],
      ['11 août 2026, 12:10 du matin', '2026-08-11T00:10:00Z'],
      // de
      ['11.08.2026, 8:10 nachm.', '2026-08-11T20:10:00Z'],
      ['11.08.2026, 12:10 vorm.', '2026-08-11T00:10:00Z'],
      ['11. Aug. 2026, 12:10 nachts', '2026-08-11T00:10:00Z'],
      // it
      ['11 ago 2026, 7:05 di sera', '2026-08-11T19:05:00Z'],
      ['11 ago 2026, 12:05 del pomeriggio', '2026-08-11T12:05:00Z'],
      ['11 ago 2026, 12:05 di notte', '2026-08-11T00:05:00Z'],
      // pt-BR, as the August 2026 export writes them
      ['ago 11, 2026 1:07 da tarde/noite', '2026-08-11T13:07:00Z'],
      ['ago 12, 2026 12:30 da manhã', '2026-08-12T00:30:00Z'],
      ['ago 12, 2026 12:30 da tarde', '2026-08-12T12:30:00Z'],
      ['ago 10, 2026 4:38 da manhã', '2026-08-10T04:38:00Z'],
    ];
    for (const [written, iso] of cases) expect(parseFollowDate(written), written).toBe(at(iso));
  });

  it('leaves unknown a 12-hour time that reads two ways or is no 12-hour time', () => {
    // 12 "in the evening": noon or midnight?
    expect(parseFollowDate('ago 11, 2026 12:10 da noite')).toBeNull();
    expect(parseFollowDate('11 août 2026, 12:10 du soir')).toBeNull();
    expect(parseFollowDate('ago 11, 2026 13:07 da tarde/noite')).toBeNull();
    expect(parseFollowDate('ago 11, 2026 0:07 da manhã')).toBeNull();
  });
});

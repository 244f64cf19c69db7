// The follow date an HTML download shows beside each name (issue 21). The network writes it in the
// account's language and that language's format, and no file says which: "Nov 12, 2026 3:04 pm",
// "12 nov 2026, 15:04", "12 nov. 2026 à 15:04", "12.11.2026 15:04", "12 de nov. de 2026 15:04"…
// Every format of the app's six languages (en, es, fr, de, it, pt-BR) is read without knowing which
// it is; a date that reads two ways (11/12/2026: November or December?) or not at all stays unknown
// rather than guessed. The page gives no time zone: the time is read as UTC, at most a day off, which
// neither the date-range rule (a year) nor a new follower's date depends on.

/** Month names and their short forms in the six languages, without accents, lowercase. */
const MONTHS = new Map<string, number>();
for (const [month, names] of [
  [1, 'january jan enero ene janvier janv januar janner gennaio gen janeiro'],
  [2, 'february feb febrero fevrier fevr fev februar febbraio fevereiro'],
  [3, 'march mar marzo mars marz mrz marco'],
  [4, 'april apr abril abr avril avr aprile'],
  [5, 'may mayo mai maggio mag maio'],
  [6, 'june jun junio juin juni giugno giu junho'],
  [7, 'july jul julio juillet juil juli luglio lug julho'],
  [8, 'august aug agosto ago aout'],
  [9, 'september sep sept septiembre setiembre septembre settembre set setembro'],
  [10, 'october oct octubre octobre oktober okt ottobre ott outubro out'],
  [11, 'november nov noviembre novembre novembro'],
  [12, 'december dec diciembre dic decembre dezember dez dicembre dezembro'],
] as const) {
  for (const name of names.split(' ')) if (!MONTHS.has(name)) MONTHS.set(name, month);
}

/** A clock time: 15:04, 3:04:05, 15 h 04 (French), with am/pm, "p. m." (Spanish) and the like after it. */
const TIME = /(\d{1,2})\s?(?::|h)\s?(\d{2})(?::(\d{2}))?(?:\s?([ap])\.?\s?m\b\.?)?/;
/** A date in figures: 12.11.2026 (day first), 2026-11-12, and 12/11/2026 or 11/12/2026 (either way). */
const NUMERIC = /\b(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})\b/;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS[month - 1] as number);
}

/** Unix seconds of a date (and time) as the network writes it beside a name, or null when unreadable. */
export function parseFollowDate(written: string): number | null {
  let text = written.toLowerCase();
  // Every kind of space (no-break, narrow, thin) plain, and accents off (févr., août, März, março).
  if (/[^\x20-\x7e]/.test(text)) {
    text = text.replace(/[\s\u00a0\u202f\u2009]+/g, ' ');
    if (/[^\x20-\x7e]/.test(text)) text = text.normalize('NFD').replace(/\p{M}/gu, '');
  }
  let hour = 0;
  let minute = 0;
  let second = 0;
  const time = TIME.exec(text);
  if (time) {
    hour = Number(time[1]);
    minute = Number(time[2]);
    second = Number(time[3] ?? 0);
    const half = time[4];
    if (half && (hour < 1 || hour > 12)) return null;
    if (half) hour = (hour % 12) + (half === 'p' ? 12 : 0);
    if (hour > 23 || minute > 59 || second > 59) return null;
    text = text.slice(0, time.index) + text.slice(time.index + time[0].length);
  }
  const date = numericDate(text) ?? wordDate(text);
  if (!date) return null;
  const [year, month, day] = date;
  if (year < 1970 || year > 2200 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  return Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
}

/** [year, month, day] from a date in figures; null when there is none or it reads two ways. */
function numericDate(text: string): [number, number, number] | null {
  const match = NUMERIC.exec(text);
  if (!match) return null;
  const [, first = '', separator, second = '', third = ''] = match;
  const a = Number(first);
  const b = Number(second);
  const c = Number(third);
  if (first.length === 4) return [a, b, c];
  if (third.length !== 4) return null;
  // German writes the day first with dots; slashes and dashes are day first in five of the six
  // languages and month first in American English, so only a day above 12 tells them apart.
  if (separator === '.' || a > 12) return [c, b, a];
  if (b > 12) return [c, a, b];
  return null;
}

/** [year, month, day] from a date with the month in words: "nov 12, 2026", "12 de nov. de 2026". */
function wordDate(text: string): [number, number, number] | null {
  let month = 0;
  let day = 0;
  let year = 0;
  const n = text.length;
  for (let i = 0; i < n; ) {
    const code = text.charCodeAt(i);
    const start = i;
    if (code >= 0x30 && code <= 0x39) {
      let value = 0;
      for (let c = code; i < n && c >= 0x30 && c <= 0x39; c = text.charCodeAt(++i)) value = value * 10 + c - 0x30;
      const digits = i - start;
      if (digits === 4 && !year) year = value;
      else if (digits <= 2 && !day) day = value;
      else return null;
    } else if (code >= 0x61 && code <= 0x7a) {
      for (let c = code; i < n && c >= 0x61 && c <= 0x7a; c = text.charCodeAt(++i));
      const named = MONTHS.get(text.slice(start, i));
      if (named && !month) month = named;
    } else {
      i++;
    }
  }
  return month && day && year ? [year, month, day] : null;
}

// The follow date an HTML download shows beside each name (issue 21). The network writes it in the
// account's language and that language's format, and no file says which: "Nov 12, 2026 3:04 pm",
// "12 nov 2026, 15:04", "12 nov. 2026 à 15:04", "12.11.2026 15:04", "12 de nov. de 2026 15:04"…
// Every format of the app's six languages (en, es, fr, de, it, pt-BR) is read without knowing which
// it is; a date that reads two ways (11/12/2026: November or December?) or not at all stays unknown
// rather than guessed. A 12-hour clock is read in the six languages, with its day period after the time
// ("3:04 pm", "1:07 p. m.", "1:07 da tarde/noite", "4:38 da manhã", "9:15 du soir", "8:10 nachm.",
// "7:05 di sera") and the 12 o'clock rule: 12 in the morning or at night is 00, 12 in the afternoon
// is 12; 12 "in the evening" reads two ways and stays unknown. Issue 50: a page may say in its header
// what its clock is (src/import/page-offset.ts); without that the time is read as UTC.

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

/** Which half of the day a period word puts a 12-hour time in. */
const MORNING = 0; // 12 is midnight: 12:30 da manhã is 00:30
const AFTERNOON = 1; // 12 is noon: 12:30 da tarde is 12:30
const EVENING = 2; // after noon, and 12 reads two ways (noon or midnight): unknown
const NIGHT = 3; // before dawn: 12 is midnight
/**
 * The day periods the six languages write after a 12-hour time (CLDR's format forms, accents off),
 * longest first so "da tarde/noite" is not read as "da tarde" with "/noite" left over.
 */
const PERIODS: ReadonlyArray<readonly [string, number]> = [
  ['da tarde/noite', AFTERNOON],
  ['de la madrugada', NIGHT],
  ["de l'apres-midi", AFTERNOON],
  ['de l’apres-midi', AFTERNOON],
  ['del pomeriggio', AFTERNOON],
  ['di pomeriggio', AFTERNOON],
  ['da madrugada', NIGHT],
  ['de la manana', MORNING],
  ['de la tarde', AFTERNOON],
  ['de la noche', EVENING],
  ['del mattino', MORNING],
  ['di mattina', MORNING],
  ['nachmittags', AFTERNOON],
  ['de la nuit', NIGHT],
  ['vormittags', MORNING],
  ['da manha', MORNING],
  ['da tarde', AFTERNOON],
  ['da noite', EVENING],
  ['du matin', MORNING],
  ['di notte', NIGHT],
  ['morgens', MORNING],
  ['mittags', AFTERNOON],
  ['du soir', EVENING],
  ['di sera', EVENING],
  ['abends', EVENING],
  ['nachts', NIGHT],
  ['nachm.', AFTERNOON],
  ['vorm.', MORNING],
  ['nachm', AFTERNOON],
  ['vorm', MORNING],
];

/** The day period written right after a time at `from`, and where it ends; undefined when none. */
function periodAt(text: string, from: number): { half: number; end: number } | undefined {
  let at = from;
  while (text.charCodeAt(at) === 0x20) at++;
  for (const [word, half] of PERIODS) if (text.startsWith(word, at)) return { half, end: at + word.length };
  return undefined;
}

/** A 12-hour hour (1–12) in a half of the day as 0–23; −1 when it reads two ways or is no 12-hour hour. */
function hourOf(hour: number, half: number): number {
  if (hour < 1 || hour > 12) return -1;
  if (half === MORNING || half === NIGHT) return hour % 12;
  if (half === EVENING && hour === 12) return -1;
  return (hour % 12) + 12;
}
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
    const end = time.index + time[0].length;
    const period = time[4] ? { half: time[4] === 'p' ? AFTERNOON : MORNING, end } : periodAt(text, end);
    if (period) hour = hourOf(hour, period.half);
    if (hour < 0 || hour > 23 || minute > 59 || second > 59) return null;
    text = text.slice(0, time.index) + text.slice(period?.end ?? end);
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

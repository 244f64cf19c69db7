// CSV as RFC 4180 writes it: CRLF between records, a field quoted when it holds a comma, a quote, CR or
// LF (and a semicolon or a tab, see NEEDS_QUOTES), and a quote inside a quoted field doubled. Files start with a UTF-8 byte-order mark, without which
// spreadsheet apps read UTF-8 as their local code page and break every accented name.

/** What a field may hold; null and undefined are an empty field (a figure the source does not give). */
export type CsvValue = string | number | null | undefined;

/** U+FEFF: encoded as UTF-8 it is the three bytes EF BB BF spreadsheet apps look for. */
export const BOM = '\uFEFF';
/** RFC 4180 §2.1: each record ends with CRLF. */
export const CRLF = '\r\n';

/**
 * Quoted: a field holding a quote, CR, LF or a separator some spreadsheet app splits on (a comma here,
 * a semicolon in locales whose decimal mark is a comma, a tab when text is pasted), so it stays one cell
 * whichever the reader uses.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;
/**
 * Where a spreadsheet app would start a formula (OWASP "CSV injection"): names come from other people's
 * profiles, so `=HYPERLINK(…)` must stay text. That is the field's start and, for a reader that splits
 * on another separator, the start of every separated part: `x;=cmd|…` must not run in a `;` locale.
 * Numbers are written as numbers, never escaped.
 */
const FORMULA_START = /(?<=^|[,;\t\r\n])(?=[=+\-@\t\r])/g;

/** One field as RFC 4180 writes it, with every formula start kept as text by a leading apostrophe. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = value.replace(FORMULA_START, "'");
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
export function csvRow(fields: readonly CsvValue[]): string {
  let line = '';
  for (let i = 0; i < fields.length; i++) line += (i === 0 ? '' : ',') + csvField(fields[i]);
  return line + CRLF;
}

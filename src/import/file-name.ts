// A file's name as another app hands it over (issue 48): whatever the sender chose, so never a path
// and never markup. Read once here into a plain label: the last part of the name only, without the
// characters that hide or reorder what follows (a right-to-left override, U+202E, makes a name
// ending "…gpj.exe" read as one ending "…exe.jpg"), well formed, and short enough for one line.

/** Control characters, and format ones: bidirectional marks, overrides and isolates, zero widths, the BOM. */
const HIDDEN = /[\p{Cc}\p{Cf}]/gu;
/** A surrogate without its pair, which encodeURIComponent refuses. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Characters a label keeps: the start and the end, where the extension is. */
const MAX_CHARS = 120;

/** `name` as a label to show or keep: its last part, visible characters only, at most 120 of them. */
export function safeFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const visible = [...last.replace(LONE_SURROGATE, '\ufffd').replace(HIDDEN, '').trim()];
  if (visible.length === 0) return 'download';
  if (visible.length <= MAX_CHARS) return visible.join('');
  const half = Math.floor((MAX_CHARS - 1) / 2);
  return `${visible.slice(0, half).join('')}…${visible.slice(-half).join('')}`;
}

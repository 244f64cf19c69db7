// The clock an HTML download's page writes its dates in (issue 50). The page's header says when it
// was written twice: `<time datetime="2026-08-12T05:03Z">22:03 UTC</time>`, the attribute in UTC and
// the text in the account's local time, though the text says "UTC". Their difference is the local
// offset (here UTC−7), and the dates beside the names are in that same local time.

/** Minutes of the day a clock text shows ("22:03 UTC", "10:03 pm"), or null when it shows none. */
function minutesOf(text: string): number | null {
  const match = /(\d{1,2})\s?(?::|h)\s?(\d{2})(?:\s?([ap])\.?\s?m\b)?/i.exec(text);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const half = match[3]?.toLowerCase();
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  }
  return hour > 23 || minute > 59 ? null : hour * 60 + minute;
}

/**
 * The page's offset from UTC in seconds (local minus UTC) from its header's `datetime` and text, or
 * null when they do not give one: the offset is in [−12 h, +14 h] and a multiple of 15 minutes, as
 * every time zone's is.
 */
export function pageOffset(datetime: string, text: string): number | null {
  const utc = Date.parse(datetime);
  const local = minutesOf(text);
  if (!Number.isFinite(utc) || local === null) return null;
  const date = new Date(utc);
  const utcMinutes = date.getUTCHours() * 60 + date.getUTCMinutes();
  let offset = (((local - utcMinutes) % 1440) + 1440) % 1440;
  if (offset > 14 * 60) offset -= 1440;
  if (offset % 15 !== 0) return null;
  return offset * 60;
}

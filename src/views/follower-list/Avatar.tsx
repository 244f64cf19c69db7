// A person's picture in a list row (issue 51 item 6). A data download names people but has no pictures,
// so a real account's rows had blank circles: a row with no picture, or one whose picture does not load,
// shows the name's first letter on a circle whose colour comes from the name (the same person, the
// same colour, on every visit). The picture's alt is empty: the name is read beside it.
import { useState } from 'react';

/** Dark enough for white letters (at least 5.9:1). */
const COLOURS = ['#5b3cc4', '#2f6f4f', '#a23a5a', '#1f5f8b', '#8a4b0f', '#4b5563', '#7a2e8e', '#0f6e6e'];

/** The first letter or digit of the full name, else of the username, as a capital. */
export function initialOf(username: string, fullName = ''): string {
  const first = `${fullName} ${username}`.match(/[\p{L}\p{N}]/u)?.[0] ?? '?';
  return first.toLocaleUpperCase();
}

/** A colour of the palette, always the same for one username. */
export function colourOf(username: string): string {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length] as string;
}

export function Avatar({ src, username, fullName }: { src: string; username: string; fullName?: string }) {
  const [failed, setFailed] = useState<string>();
  if (src && failed !== src) {
    return <img src={src} alt="" width={44} height={44} loading="lazy" onError={() => setFailed(src)} />;
  }
  return (
    <span className="avatar-initial" style={{ background: colourOf(username) }} aria-hidden="true">
      {initialOf(username, fullName)}
    </span>
  );
}

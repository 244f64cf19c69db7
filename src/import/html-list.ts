// Reads one HTML list page of a download (followers_N.html, following.html, their siblings; issue 21)
// as its bytes stream in, straight into a PeopleCollector. A page lists people as
//   <div><div><a target="_blank" href="https://www.instagram.com/NAME">NAME</a></div><div>DATE</div></div>
// (following pages put the name in an <h2> before the link, and link to …/_u/NAME): each profile link
// is a person, named by the link, and the first text after the link is the follow date, read where it
// can be (src/import/follow-dates.ts). Issue 50: the sibling pages of 2026 downloads list people as a
// labelled table with no link,
//   <table><tr><td>Nome</td><td>…</td></tr><tr><td>Nome de usuário</td><td>NAME</td></tr></table><div>DATE</div>
// where the text after a "username" label (src/import/username-labels.ts) is the person, and a label
// followed by no username is counted as unreadable. A header's <time datetime="…Z">TEXT</time> gives
// the page's clock (src/import/page-offset.ts), and its dates are read in it.
// A page that does not reach </html> was cut short and is refused, as a cut JSON file is: a list
// missing its end would turn everyone on it into a lost follower.

import { MAX_NAME_BYTES, type PeopleCollector } from '../../common/snapshot/people.ts';
import { parseFollowDate } from './follow-dates.ts';
import { decodeEntities, type HtmlHandler, HtmlScanner, Tag } from './html-scanner.ts';
import { normalName, profileName } from './names.ts';
import { pageOffset } from './page-offset.ts';
import { isUsernameLabel, USERNAME } from './username-labels.ts';

/** The page ends before its end: cut short. */
export class HtmlListError extends Error {}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
/** The form nearly every link has, read from its bytes without making a string. */
const PROFILE_PREFIX = encoder.encode('https://www.instagram.com/');
const U_PREFIX = encoder.encode('_u/');

/** The shortest and longest texts that can be a "username" label, in bytes (mojibake is longer). */
const LABEL_MIN = 8;
const LABEL_MAX = 48;

/** Feed it a page's bytes in order (`write`), then `end`; each person goes to the collector. */
export class HtmlListReader implements HtmlHandler {
  /** Every text but a profile link's own (the link names the person). */
  wantsText = true;
  /** Labels followed by no readable username: people left out, and counted. */
  unreadable = 0;
  private readonly scanner = new HtmlScanner(this);
  /**
   * The person whose date is awaited, as name bytes [0, pendingLength); −1 for none. Room for more
   * than the snapshot keeps, so the collector cuts a long name where a character ends.
   */
  private readonly pending = new Uint8Array(MAX_NAME_BYTES * 4);
  private pendingLength = -1;
  private inLink = false;
  private ended = false;
  /** The last date text and what it read as: neighbours on a page often share their minute. */
  private lastDate = '';
  private lastAt = 0;
  /** The text before was a "username" label: the next one is the person. */
  private afterLabel = false;
  /** Inside the header's <time>: its datetime, and its text so far. */
  private timeAttribute: string | undefined;
  private timeText = '';
  /** The page's clock: local minus UTC, in seconds. */
  private offset = 0;

  constructor(private readonly people: PeopleCollector) {}

  write(chunk: Uint8Array): void {
    this.scanner.write(chunk);
  }

  end(): void {
    this.scanner.end();
    this.flush(0);
    if (this.afterLabel) this.unreadable++;
    if (!this.ended) throw new HtmlListError('the page ends before </html>');
  }

  startTag(tag: Tag, href: Uint8Array, hrefLength: number): void {
    if (tag === Tag.TIME && hrefLength > 0) {
      this.timeAttribute = decoder.decode(href.subarray(0, hrefLength));
      this.timeText = '';
      return;
    }
    if (tag !== Tag.A || hrefLength <= 0) return;
    if (!this.profile(href, hrefLength)) return;
    this.inLink = true;
    this.wantsText = false;
    this.afterLabel = false;
  }

  endTag(tag: Tag): void {
    if (tag === Tag.HTML) this.ended = true;
    if (tag === Tag.TIME && this.timeAttribute !== undefined) this.endTime();
    if (tag !== Tag.A || !this.inLink) return;
    this.inLink = false;
    this.wantsText = true;
  }

  text(bytes: Uint8Array, length: number): void {
    if (this.timeAttribute !== undefined) {
      this.timeText += decoder.decode(bytes.subarray(0, length));
      return;
    }
    if (this.pendingLength >= 0) {
      const written = decodeEntities(decoder.decode(bytes.subarray(0, length))).trim();
      if (!written) return;
      if (written !== this.lastDate) {
        this.lastDate = written;
        const at = parseFollowDate(written);
        this.lastAt = at === null ? 0 : at - this.offset;
      }
      this.flush(this.lastAt);
    } else if (this.afterLabel) {
      const name = normalName(decodeEntities(decoder.decode(bytes.subarray(0, length))));
      if (!name) return;
      this.afterLabel = false;
      if (!USERNAME.test(name)) {
        this.unreadable++;
        return;
      }
      this.pendingLength = 0;
      const encoded = encoder.encode(name);
      this.pending.set(encoded);
      this.pendingLength = encoded.length;
    } else if (length >= LABEL_MIN && length <= LABEL_MAX) {
      this.afterLabel = isUsernameLabel(decodeEntities(decoder.decode(bytes.subarray(0, length))));
    }
  }

  /** The header's <time> has closed: its attribute against its text is the page's clock. */
  private endTime(): void {
    const offset = pageOffset(this.timeAttribute ?? '', this.timeText);
    this.timeAttribute = undefined;
    if (offset === null || offset === this.offset) return;
    this.offset = offset;
    this.lastDate = '';
  }

  /** A profile link: the person before it is done (dated or not) and this one waits for its date. */
  private profile(href: Uint8Array, length: number): boolean {
    const start = fastProfile(href, length);
    let end = length;
    let name: Uint8Array = href;
    let from = start;
    if (start < 0) {
      const slow = profileName(decodeEntities(decoder.decode(href.subarray(0, length))));
      if (!slow) return false;
      name = encoder.encode(slow);
      from = 0;
      end = name.length;
    } else if (href[end - 1] === 0x2f) {
      end--;
    }
    this.flush(0);
    this.pendingLength = 0;
    for (let i = from; i < end && this.pendingLength < this.pending.length; i++) {
      const byte = name[i] as number;
      this.pending[this.pendingLength++] = byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte;
    }
    return true;
  }

  private flush(at: number): void {
    if (this.pendingLength > 0) this.people.addBytes(this.pending, 0, this.pendingLength, at);
    this.pendingLength = -1;
  }
}

/**
 * Where the name starts in https://www.instagram.com/NAME or …/_u/NAME (a final slash allowed) when
 * the name is plain letters, digits, dots and underscores; −1 for anything else, which the URL parser
 * then reads.
 */
function fastProfile(href: Uint8Array, length: number): number {
  if (length <= PROFILE_PREFIX.length) return -1;
  for (let i = 0; i < PROFILE_PREFIX.length; i++) if (href[i] !== PROFILE_PREFIX[i]) return -1;
  let start = PROFILE_PREFIX.length;
  if (length > start + U_PREFIX.length && U_PREFIX.every((byte, i) => href[start + i] === byte)) start += 3;
  const end = href[length - 1] === 0x2f ? length - 1 : length;
  if (end <= start) return -1;
  let dotsOnly = true;
  for (let i = start; i < end; i++) {
    const byte = href[i] as number;
    const plain =
      (byte >= 0x61 && byte <= 0x7a) ||
      (byte >= 0x41 && byte <= 0x5a) ||
      (byte >= 0x30 && byte <= 0x39) ||
      byte === 0x5f ||
      byte === 0x2e;
    if (!plain) return -1;
    if (byte !== 0x2e) dotsOnly = false;
  }
  // "." and ".." are path steps and a bare "_u" names nobody: the URL parser says so for them.
  const bareU = end - start === 2 && href[start] === 0x5f && href[start + 1] === 0x75;
  return dotsOnly || bareU ? -1 : start;
}

// Reads one HTML list page of a download (followers_N.html, following.html, their siblings; issue 21)
// as its bytes stream in, straight into a PeopleCollector. A page lists people as
//   <div><div><a target="_blank" href="https://www.instagram.com/NAME">NAME</a></div><div>DATE</div></div>
// (following pages put the name in an <h2> before the link, and link to …/_u/NAME): each profile link
// is a person, named by the link, and the first text after the link is the follow date, read where it
// can be (src/import/follow-dates.ts). A page that does not reach </html> was cut short and is refused,
// as a cut JSON file is: a list missing its end would turn everyone on it into a lost follower.

import { MAX_NAME_BYTES, type PeopleCollector } from '../../common/snapshot/people.ts';
import { parseFollowDate } from './follow-dates.ts';
import { decodeEntities, type HtmlHandler, HtmlScanner, Tag } from './html-scanner.ts';
import { profileName } from './names.ts';

/** The page ends before its end: cut short. */
export class HtmlListError extends Error {}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
/** The form nearly every link has, read from its bytes without making a string. */
const PROFILE_PREFIX = encoder.encode('https://www.instagram.com/');
const U_PREFIX = encoder.encode('_u/');

/** Feed it a page's bytes in order (`write`), then `end`; each person goes to the collector. */
export class HtmlListReader implements HtmlHandler {
  /** True between a profile link's end and its date. */
  wantsText = false;
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

  constructor(private readonly people: PeopleCollector) {}

  write(chunk: Uint8Array): void {
    this.scanner.write(chunk);
  }

  end(): void {
    this.scanner.end();
    this.flush(0);
    if (!this.ended) throw new HtmlListError('the page ends before </html>');
  }

  startTag(tag: Tag, href: Uint8Array, hrefLength: number): void {
    if (tag !== Tag.A || hrefLength <= 0) return;
    if (!this.profile(href, hrefLength)) return;
    this.inLink = true;
    this.wantsText = false;
  }

  endTag(tag: Tag): void {
    if (tag === Tag.HTML) this.ended = true;
    if (tag !== Tag.A || !this.inLink) return;
    this.inLink = false;
    this.wantsText = this.pendingLength >= 0;
  }

  text(bytes: Uint8Array, length: number): void {
    const written = decodeEntities(decoder.decode(bytes.subarray(0, length))).trim();
    if (!written) return;
    if (written !== this.lastDate) {
      this.lastDate = written;
      this.lastAt = parseFollowDate(written) ?? 0;
    }
    this.flush(this.lastAt);
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
    this.wantsText = false;
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

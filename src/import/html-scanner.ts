// A streaming HTML tokenizer for the pages of an HTML data download (issue 21): bytes in, a chunk at a
// time; start and end tags, links' href and (when asked for) text out, with no string per tag.
//
// Why a focused scanner and not an npm tokenizer: the pages are one fixed, machine-written shape
// (<div><a target="_blank" href="https://www.instagram.com/NAME">NAME</a></div><div>DATE</div>, over
// and over) and only three things in them matter: profile links, the text after them, and the end of
// the page. The streaming tokenizers on npm (htmlparser2's Tokenizer, parse5's, saxes for XML) work on
// strings, so every chunk would be decoded and every tag name, attribute and text made a string before
// we skip it; on a million followers (about 300 MB of HTML) that garbage is what issue 19 removed from
// the JSON reader. This one follows the HTML tokenizer's states only as far as these pages need them:
// tags with quoted or bare attributes, comments, <!DOCTYPE>, and <script>/<style> bodies skipped whole.

/** The tags that matter; every other tag is OTHER. */
export const Tag = { OTHER: 0, A: 1, HTML: 2, SCRIPT: 3, STYLE: 4, TIME: 5 } as const;
export type Tag = (typeof Tag)[keyof typeof Tag];

/** What a reader does with the page's tokens. */
export interface HtmlHandler {
  /** Whether the text before the next tag is wanted (read before each text). */
  readonly wantsText: boolean;
  /**
   * A start tag; for <a>, its href's bytes [0, hrefLength) of `href`, for <time> its datetime's
   * (hrefLength −1 without one).
   */
  startTag(tag: Tag, href: Uint8Array, hrefLength: number): void;
  endTag(tag: Tag): void;
  /** A text between tags (its first TEXT_CAPACITY bytes), when wanted. */
  text(bytes: Uint8Array, length: number): void;
}

export const TEXT_CAPACITY = 256;
const HREF_CAPACITY = 2048;

const TEXT = 0;
const TAG_OPEN = 1;
const END_TAG_OPEN = 2;
const TAG_NAME = 3;
const ATTRS = 4;
const ATTR_NAME = 5;
const AFTER_ATTR_NAME = 6;
const BEFORE_VALUE = 7;
const VALUE_QUOTED = 8;
const VALUE_BARE = 9;
const BANG = 10;
const COMMENT = 11;
const BOGUS = 12;
const RAW_TEXT = 13;
const SKIP_ATTRS = 14;

const NAMES: Array<[string, Tag]> = [
  ['a', Tag.A],
  ['html', Tag.HTML],
  ['script', Tag.SCRIPT],
  ['style', Tag.STYLE],
  ['time', Tag.TIME],
];
const DATETIME = new TextEncoder().encode('datetime');
const SCRIPT_END = new TextEncoder().encode('</script');
const STYLE_END = new TextEncoder().encode('</style');
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x09 || byte === 0x0d || byte === 0x0c;
const isLetter = (byte: number) => (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a;

export class HtmlScanner {
  private state = TEXT;
  private endTag = false;
  private readonly name = new Uint8Array(8);
  private nameLength = 0;
  private readonly attr = new Uint8Array(9);
  private attrLength = 0;
  private quote = 0;
  private readonly href = new Uint8Array(HREF_CAPACITY);
  private hrefLength = -1;
  private capturingHref = false;
  private readonly textBytes = new Uint8Array(TEXT_CAPACITY);
  private textLength = 0;
  private textWanted = false;
  /** In COMMENT: dashes just seen; in RAW_TEXT: bytes of the closing tag matched. */
  private matched = 0;
  private rawEnd = STYLE_END;

  constructor(private readonly handler: HtmlHandler) {}

  write(chunk: Uint8Array): void {
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (this.state === TEXT) {
        i = this.text(chunk, i);
        continue;
      }
      if (this.state === VALUE_QUOTED) {
        i = this.quoted(chunk, i);
        continue;
      }
      if (this.state === SKIP_ATTRS) {
        i = this.skipAttrs(chunk, i);
        continue;
      }
      this.step(chunk[i] as number);
      i++;
    }
  }

  /** The page is over: a text it ended on is given too. */
  end(): void {
    if (this.state === TEXT) this.endText();
  }

  /** A text begins: the handler says now whether it wants it. */
  private toText(): void {
    this.state = TEXT;
    this.textWanted = this.handler.wantsText;
  }

  /** Text up to the next '<' (found natively, not a byte at a time); returns where it stopped. */
  private text(chunk: Uint8Array, from: number): number {
    const lt = chunk.indexOf(0x3c, from);
    const to = lt < 0 ? chunk.length : lt;
    if (this.textWanted && this.textLength < TEXT_CAPACITY) {
      const take = Math.min(to - from, TEXT_CAPACITY - this.textLength);
      this.textBytes.set(chunk.subarray(from, from + take), this.textLength);
      this.textLength += take;
    }
    if (lt < 0) return chunk.length;
    this.endText();
    this.state = TAG_OPEN;
    return lt + 1;
  }

  private endText(): void {
    if (this.textWanted && this.textLength > 0) this.handler.text(this.textBytes, this.textLength);
    this.textLength = 0;
    this.textWanted = false;
  }

  /** An attribute value in quotes, up to its closing quote. */
  private quoted(chunk: Uint8Array, from: number): number {
    const close = chunk.indexOf(this.quote, from);
    const to = close < 0 ? chunk.length : close;
    if (this.capturingHref) this.keepHref(chunk, from, to);
    if (close < 0) return chunk.length;
    this.state = ATTRS;
    return close + 1;
  }

  /**
   * The attributes of a tag whose attributes do not matter, up to its '>': only quotes count, since a
   * quoted value may hold a '>'. Returns where it stopped.
   */
  private skipAttrs(chunk: Uint8Array, from: number): number {
    const n = chunk.length;
    for (let i = from; i < n; i++) {
      const byte = chunk[i] as number;
      if (this.quote) {
        const close = chunk.indexOf(this.quote, i);
        if (close < 0) return n;
        this.quote = 0;
        i = close;
      } else if (byte === 0x22 || byte === 0x27) {
        this.quote = byte;
      } else if (byte === 0x3e) {
        this.finishTag();
        return i + 1;
      }
    }
    return n;
  }

  private keepHref(chunk: Uint8Array, from: number, to: number): void {
    const take = Math.min(to - from, HREF_CAPACITY - this.hrefLength);
    this.href.set(chunk.subarray(from, from + take), this.hrefLength);
    this.hrefLength += take;
  }

  /** One byte in a tag, comment or skipped body. */
  private step(byte: number): void {
    switch (this.state) {
      case TAG_OPEN:
        if (isLetter(byte)) this.beginTag(false, byte);
        else if (byte === 0x2f) this.state = END_TAG_OPEN;
        else if (byte === 0x21) this.state = BANG;
        else if (byte === 0x3f) this.state = BOGUS;
        else if (byte !== 0x3c) this.toText(); // a lone '<' is text (not wanted here), and so is this byte
        return;
      case END_TAG_OPEN:
        if (isLetter(byte)) this.beginTag(true, byte);
        else this.state = BOGUS;
        return;
      case TAG_NAME:
        if (byte === 0x3e) this.finishTag();
        // Only a start <a> (href) and <time> (datetime) have an attribute that matters: any other
        // tag's are stepped over whole.
        else if (isSpace(byte) || byte === 0x2f) this.state = !this.endTag && this.kept() ? ATTRS : SKIP_ATTRS;
        else if (this.nameLength < this.name.length) this.name[this.nameLength++] = byte | 0x20;
        else this.nameLength = this.name.length + 1; // longer than any tag that matters
        return;
      case ATTRS:
        if (byte === 0x3e) this.finishTag();
        else if (!isSpace(byte) && byte !== 0x2f) this.beginAttr(byte);
        return;
      case ATTR_NAME:
        if (byte === 0x3e) this.finishTag();
        else if (byte === 0x3d) this.state = BEFORE_VALUE;
        else if (isSpace(byte)) this.state = AFTER_ATTR_NAME;
        else if (byte === 0x2f) this.state = ATTRS;
        else if (this.attrLength < this.attr.length) this.attr[this.attrLength++] = byte | 0x20;
        else this.attrLength = this.attr.length + 1;
        return;
      case AFTER_ATTR_NAME:
        if (byte === 0x3e) this.finishTag();
        else if (byte === 0x3d) this.state = BEFORE_VALUE;
        else if (!isSpace(byte)) this.beginAttr(byte);
        return;
      case BEFORE_VALUE:
        if (byte === 0x3e) this.finishTag();
        else if (byte === 0x22 || byte === 0x27) this.beginValue(byte);
        else if (!isSpace(byte)) {
          this.beginValue(0);
          this.bare(byte);
        }
        return;
      case VALUE_BARE:
        this.bare(byte);
        return;
      case BANG:
        this.matched = 0;
        if (byte === 0x3e) this.toText();
        else this.state = byte === 0x2d ? COMMENT : BOGUS;
        return;
      case COMMENT:
        // "<!-" then "-", and the comment ends at the first "-->" (its opening dashes count, as in "<!---->").
        if (byte === 0x3e && this.matched >= 2) this.toText();
        this.matched = byte === 0x2d ? this.matched + 1 : 0;
        return;
      case BOGUS:
        if (byte === 0x3e) this.toText();
        return;
      case RAW_TEXT:
        this.raw(byte);
        return;
    }
  }

  private beginTag(end: boolean, byte: number): void {
    this.endTag = end;
    this.quote = 0;
    this.name[0] = byte | 0x20;
    this.nameLength = 1;
    this.hrefLength = -1;
    this.state = TAG_NAME;
  }

  private beginAttr(byte: number): void {
    this.attr[0] = byte | 0x20;
    this.attrLength = 1;
    this.state = ATTR_NAME;
  }

  /** Whether the tag being read is one whose attribute is kept. */
  private kept(): boolean {
    const tag = this.tag();
    return tag === Tag.A || tag === Tag.TIME;
  }

  private beginValue(quote: number): void {
    // Only a start <a>'s href and a <time>'s datetime are kept; every other value is skipped.
    const tag = this.endTag ? Tag.OTHER : this.tag();
    this.capturingHref =
      (tag === Tag.A &&
        this.attrLength === 4 &&
        this.attr[0] === 0x68 &&
        this.attr[1] === 0x72 &&
        this.attr[2] === 0x65 &&
        this.attr[3] === 0x66) ||
      (tag === Tag.TIME && this.attrLength === DATETIME.length && DATETIME.every((byte, i) => this.attr[i] === byte));
    if (this.capturingHref) this.hrefLength = 0;
    this.quote = quote;
    this.state = quote ? VALUE_QUOTED : VALUE_BARE;
  }

  private bare(byte: number): void {
    if (byte === 0x3e) this.finishTag();
    else if (isSpace(byte)) this.state = ATTRS;
    else if (this.capturingHref && this.hrefLength < HREF_CAPACITY) this.href[this.hrefLength++] = byte;
  }

  private tag(): Tag {
    for (const [name, tag] of NAMES) {
      if (name.length !== this.nameLength) continue;
      let same = true;
      for (let i = 0; i < name.length && same; i++) same = this.name[i] === name.charCodeAt(i);
      if (same) return tag;
    }
    return Tag.OTHER;
  }

  private finishTag(): void {
    const tag = this.tag();
    if (this.endTag) {
      this.handler.endTag(tag);
      this.toText();
      return;
    }
    this.handler.startTag(tag, this.href, tag === Tag.A || tag === Tag.TIME ? this.hrefLength : -1);
    this.toText();
    if (tag === Tag.SCRIPT || tag === Tag.STYLE) {
      // Their bodies are not HTML: skip to the closing tag.
      this.rawEnd = tag === Tag.SCRIPT ? SCRIPT_END : STYLE_END;
      this.matched = 0;
      this.state = RAW_TEXT;
    }
  }

  private raw(byte: number): void {
    const lower = isLetter(byte) ? byte | 0x20 : byte;
    if (lower === this.rawEnd[this.matched]) this.matched++;
    else this.matched = lower === 0x3c ? 1 : 0;
    if (this.matched === this.rawEnd.length) this.state = BOGUS;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text with its character references (&amp;, &#39;, &#x27;, &nbsp;) read. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole;
    const point = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
  });
}

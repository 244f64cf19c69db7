// A streaming JSON scanner for the list files of a download (issue 19): bytes in, a chunk at a time;
// it checks the whole text against JSON's grammar (so a cut or broken file is refused) and tells its
// handler where values begin and end, handing over only the strings and numbers the handler asks for.
//
// Why not @streamparser/json, which read these files before: on 1,000,000 followers (153 MB of JSON)
// its tokenizer alone took 5.0 s in Node and the whole parser 5.3 s, against 0.6 s for a plain loop
// over the same bytes (measured side by side, 2026-11-25), and every token became an object and every
// string a fresh string, which is the garbage issue 19 set out to remove. Here a string nobody asked
// for is only stepped over, and a kept one is copied as bytes.

import { JsonNumber } from './json-number.ts';

/** The file is not JSON, or ends in the middle of it. */
export class JsonError extends Error {}

export const ValueKind = { OBJECT: 0, ARRAY: 1, STRING: 2, NUMBER: 3, LITERAL: 4 } as const;
export type ValueKind = (typeof ValueKind)[keyof typeof ValueKind];

/** What a reader does with the values. `depth` counts the containers around a value (0: the top one). */
export interface JsonHandler {
  /** A value begins; for a string or number, whether the reader wants it (stringRead, numberRead). */
  beginValue(kind: ValueKind, depth: number): boolean;
  /** The container opened at `depth` closes. */
  close(depth: number): void;
  /** A key of the object at `depth` begins: whether the reader wants it (keyRead). */
  beginKey(depth: number): boolean;
  /** A wanted key or string, as UTF-8 bytes [0, length) (escapes read; at most TEXT_CAPACITY). */
  keyRead(text: Uint8Array, length: number): void;
  stringRead(text: Uint8Array, length: number): void;
  /** A wanted number (NaN when it is too long to be one a list would hold). */
  numberRead(value: number): void;
}

export const TEXT_CAPACITY = 4096;

// What the scanner expects next.
const VALUE = 0;
const ARRAY_FIRST = 1;
const OBJECT_FIRST = 2;
const KEY = 3;
const COLON = 4;
const AFTER = 5;
const DONE = 6;
const STRING = 7;
const ESCAPE = 8;
const UNICODE = 9;
const NUMBER = 10;
const LITERAL = 11;

const OBJECT = 1;
const ARRAY = 2;
const MAX_DEPTH = 512;
const BOM = [0xef, 0xbb, 0xbf];
const LITERALS: Record<number, string> = { 116: 'true', 102: 'false', 110: 'null' };
/** The byte a one-letter escape stands for (\b, \f, \n, \r, \t, \", \\, \/). */
const ESCAPES: Record<number, number> = { 98: 8, 102: 12, 110: 10, 114: 13, 116: 9, 34: 0x22, 92: 0x5c, 47: 0x2f };
const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39;

export class JsonScanner {
  private state = VALUE;
  private depth = 0;
  private readonly containers = new Uint8Array(MAX_DEPTH + 1);
  /** Bytes of a byte order mark read so far; −1 once past it. */
  private bomAt = 0;
  private started = false;

  private stringIsKey = false;
  private capturing = false;
  private readonly text = new Uint8Array(TEXT_CAPACITY);
  private length = 0;
  private unicode = 0;
  private unicodeDigits = 0;
  private highSurrogate = 0;

  private readonly number = new JsonNumber();
  private literal = '';
  private literalAt = 0;

  constructor(private readonly handler: JsonHandler) {}

  write(chunk: Uint8Array): void {
    const n = chunk.length;
    let i = 0;
    // A byte order mark may come first, and a chunk may end inside it.
    while (this.bomAt >= 0 && i < n) {
      if (chunk[i] !== BOM[this.bomAt]) {
        if (this.bomAt > 0) throw new JsonError('a broken byte order mark');
        this.bomAt = -1;
        break;
      }
      i++;
      if (++this.bomAt === BOM.length) this.bomAt = -1;
    }
    while (i < n) {
      const state = this.state;
      if (state === STRING) {
        i = this.string(chunk, i);
        continue;
      }
      const byte = chunk[i] as number;
      if (state === NUMBER) {
        if (this.numberByte(byte)) i++;
        continue;
      }
      i++;
      if (state === ESCAPE) this.escape(byte);
      else if (state === UNICODE) this.unicodeDigit(byte);
      else if (state === LITERAL) this.literalByte(byte);
      else if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) this.structure(byte);
    }
  }

  /** The text is over: throws when it stopped in the middle of its JSON. A text with no value is fine. */
  end(): void {
    if (this.state === NUMBER && this.number.complete()) this.finishNumber();
    const empty = !this.started && this.bomAt <= 0;
    if (this.state !== DONE && !empty) throw new JsonError('the text ends in the middle of its JSON');
  }

  /** A byte outside strings, numbers and literals. */
  private structure(byte: number): void {
    const state = this.state;
    if (state === VALUE || (state === ARRAY_FIRST && byte !== 0x5d)) {
      this.startValue(byte);
      return;
    }
    if (byte === 0x22 && (state === OBJECT_FIRST || state === KEY)) {
      this.beginString(true, this.handler.beginKey(this.depth));
      return;
    }
    if (byte === 0x3a && state === COLON) {
      this.state = VALUE;
      return;
    }
    const top = this.containers[this.depth];
    if (byte === 0x2c && state === AFTER) this.state = top === OBJECT ? KEY : VALUE;
    else if (byte === 0x7d && top === OBJECT && (state === OBJECT_FIRST || state === AFTER)) this.close();
    else if (byte === 0x5d && top === ARRAY && (state === ARRAY_FIRST || state === AFTER)) this.close();
    else throw new JsonError(`unexpected byte ${byte}`);
  }

  private startValue(byte: number): void {
    this.started = true;
    const depth = this.depth;
    if (byte === 0x7b || byte === 0x5b) {
      if (depth >= MAX_DEPTH) throw new JsonError('nested too deep');
      const object = byte === 0x7b;
      this.handler.beginValue(object ? ValueKind.OBJECT : ValueKind.ARRAY, depth);
      this.depth = depth + 1;
      this.containers[depth + 1] = object ? OBJECT : ARRAY;
      this.state = object ? OBJECT_FIRST : ARRAY_FIRST;
    } else if (byte === 0x22) {
      this.beginString(false, this.handler.beginValue(ValueKind.STRING, depth));
    } else if (byte === 0x2d || isDigit(byte)) {
      this.state = NUMBER;
      this.number.begin(byte, this.handler.beginValue(ValueKind.NUMBER, depth));
    } else {
      const literal = LITERALS[byte];
      if (!literal) throw new JsonError(`unexpected byte ${byte}`);
      this.handler.beginValue(ValueKind.LITERAL, depth);
      this.state = LITERAL;
      this.literal = literal;
      this.literalAt = 1;
    }
  }

  /** A value has ended: what follows is a comma, a closing bracket, or the end of the text. */
  private afterValue(): void {
    this.state = this.depth === 0 ? DONE : AFTER;
  }

  private close(): void {
    this.handler.close(this.depth);
    this.depth--;
    this.afterValue();
  }

  private beginString(key: boolean, wanted: boolean): void {
    this.state = STRING;
    this.stringIsKey = key;
    this.capturing = wanted;
    this.length = 0;
  }

  /** String bytes from `from`; returns where it stopped (past the closing quote, or the chunk's end). */
  private string(chunk: Uint8Array, from: number): number {
    const n = chunk.length;
    let i = from;
    if (!this.capturing) {
      while (i < n) {
        const byte = chunk[i] as number;
        if (byte === 0x22 || byte === 0x5c) break;
        i++;
      }
    } else {
      while (i < n) {
        const byte = chunk[i] as number;
        if (byte === 0x22 || byte === 0x5c) break;
        if (this.highSurrogate) this.flushSurrogate();
        if (this.length < TEXT_CAPACITY) this.text[this.length++] = byte;
        i++;
      }
    }
    if (i === n) return i;
    if (chunk[i] === 0x5c) this.state = ESCAPE;
    else this.endString();
    return i + 1;
  }

  private endString(): void {
    if (this.highSurrogate) this.flushSurrogate();
    if (this.stringIsKey) {
      this.state = COLON;
      if (this.capturing) this.handler.keyRead(this.text, this.length);
      return;
    }
    if (this.capturing) this.handler.stringRead(this.text, this.length);
    this.afterValue();
  }

  private escape(byte: number): void {
    if (byte === 0x75) {
      this.state = UNICODE;
      this.unicode = 0;
      this.unicodeDigits = 0;
      return;
    }
    const plain = ESCAPES[byte];
    if (plain === undefined) throw new JsonError('bad escape');
    this.state = STRING;
    this.appendCodeUnit(plain);
  }

  private unicodeDigit(byte: number): void {
    const lower = byte | 0x20;
    const digit = isDigit(byte) ? byte - 0x30 : lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
    if (digit < 0) throw new JsonError('bad \\u escape');
    this.unicode = this.unicode * 16 + digit;
    if (++this.unicodeDigits < 4) return;
    this.state = STRING;
    this.appendCodeUnit(this.unicode);
  }

  /** Appends one UTF-16 code unit from an escape as UTF-8, pairing surrogates. */
  private appendCodeUnit(unit: number): void {
    if (!this.capturing) return;
    const low = unit >= 0xdc00 && unit <= 0xdfff;
    if (this.highSurrogate && low) {
      const point = 0x10000 + ((this.highSurrogate - 0xd800) << 10) + (unit - 0xdc00);
      this.highSurrogate = 0;
      this.put(point);
      return;
    }
    if (this.highSurrogate) this.flushSurrogate();
    if (unit >= 0xd800 && unit <= 0xdbff) this.highSurrogate = unit;
    else this.put(low ? 0xfffd : unit);
  }

  /** A high surrogate with no low one after it stands for nothing: U+FFFD, as an encoder writes it. */
  private flushSurrogate(): void {
    this.highSurrogate = 0;
    this.put(0xfffd);
  }

  /** Writes a code point as UTF-8, as far as the text has room. */
  private put(point: number): void {
    const bytes =
      point < 0x80
        ? [point]
        : point < 0x800
          ? [0xc0 | (point >> 6), 0x80 | (point & 63)]
          : point < 0x10000
            ? [0xe0 | (point >> 12), 0x80 | ((point >> 6) & 63), 0x80 | (point & 63)]
            : [0xf0 | (point >> 18), 0x80 | ((point >> 12) & 63), 0x80 | ((point >> 6) & 63), 0x80 | (point & 63)];
    if (this.length + bytes.length > TEXT_CAPACITY) return;
    this.text.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** One byte of a number; false when the number ended before it (the byte is read again). */
  private numberByte(byte: number): boolean {
    const more = this.number.step(byte);
    if (more === null) throw new JsonError('bad number');
    if (!more) this.finishNumber();
    return more;
  }

  private finishNumber(): void {
    if (!this.number.complete()) throw new JsonError('bad number');
    if (this.number.wanted) this.handler.numberRead(this.number.value());
    this.afterValue();
  }

  private literalByte(byte: number): void {
    if (byte !== this.literal.charCodeAt(this.literalAt)) throw new JsonError('bad literal');
    if (++this.literalAt === this.literal.length) this.afterValue();
  }
}

// Reads one JSON list file of a download (followers_N.json, following.json, their siblings) as its
// bytes stream in (src/import/json-scanner.ts), straight into a PeopleCollector: no object per entry,
// no string per name. A file is
//   [entry, …] (newer) or {"relationships_followers": [entry, …]} (older), where an entry is
//   {"title": NAME, "string_list_data": [{"href": LINK, "value": NAME, "timestamp": SECONDS}, …], …}
// and the name is the title, else the first data's value, else its link's last segment; when a key
// repeats, the last one counts, as with JSON.parse.

import type { PeopleCollector } from '../../common/snapshot/people.ts';
import { JsonScanner, ValueKind } from './json-scanner.ts';
import { isAscii, lowerAsciiTrimmed, nameFromHref, normalName, trimmedEnd } from './names.ts';

// The members that matter: at an entry's level, and in its first string_list_data object.
const OTHER = 0;
const TITLE = 1;
const DATA = 2;
const VALUE = 3;
const HREF = 4;
const TIMESTAMP = 5;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** Member names as bytes: keys are compared where they were read, not made into strings. */
const MEMBERS: Array<[Uint8Array, number]> = (
  [
    ['title', TITLE],
    ['string_list_data', DATA],
    ['value', VALUE],
    ['href', HREF],
    ['timestamp', TIMESTAMP],
  ] as const
).map(([key, member]) => [encoder.encode(key), member]);

function memberOf(text: Uint8Array, length: number): number {
  for (const [key, member] of MEMBERS) {
    if (key.length !== length) continue;
    let same = true;
    for (let i = 0; i < length && same; i++) same = key[i] === text[i];
    if (same) return member;
  }
  return OTHER;
}

/** A kept text of the entry being read (title, value or href): its bytes, −1 when absent. */
class Slot {
  readonly bytes = new Uint8Array(1024);
  length = -1;

  keep(text: Uint8Array, length: number): void {
    this.length = Math.min(length, this.bytes.length);
    this.bytes.set(text.subarray(0, this.length));
  }
}

/** Feed it a list file's bytes in order (`write`), then `end`; each person goes to the collector. */
export class JsonListReader {
  private readonly scanner = new JsonScanner(this);
  /** The depth of an entry's members: 2 in [entry, …], 3 in {"key": [entry, …]}; 0 before the top value. */
  private memberDepth = 0;
  private inEntry = false;
  private dataArray = false;
  private firstData = false;
  private inData = false;
  private entryMember = OTHER;
  private dataMember = OTHER;
  private readonly title = new Slot();
  private readonly value = new Slot();
  private readonly href = new Slot();
  private timestamp = Number.NaN;

  constructor(private readonly people: PeopleCollector) {}

  write(chunk: Uint8Array): void {
    this.scanner.write(chunk);
  }

  /** The file is over: throws when it stopped in the middle of its JSON. */
  end(): void {
    this.scanner.end();
  }

  beginValue(kind: ValueKind, depth: number): boolean {
    if (this.memberDepth === 0) this.memberDepth = kind === ValueKind.ARRAY ? 2 : kind === ValueKind.OBJECT ? 3 : -1;
    const member = depth === this.memberDepth;
    // Only the first element of string_list_data names the person.
    if (this.dataArray && depth === this.memberDepth + 1) {
      if (this.firstData && kind === ValueKind.OBJECT) this.inData = true;
      this.firstData = false;
    }
    if (kind === ValueKind.OBJECT && depth + 1 === this.memberDepth) this.beginEntry();
    else if (kind === ValueKind.ARRAY && this.inEntry && member && this.entryMember === DATA) {
      this.dataArray = true;
      this.firstData = true;
    } else if (kind === ValueKind.STRING && this.inEntry && member) return this.entryMember === TITLE;
    else if (this.inData && depth === this.memberDepth + 2) {
      return kind === ValueKind.STRING
        ? this.dataMember === VALUE || this.dataMember === HREF
        : kind === ValueKind.NUMBER && this.dataMember === TIMESTAMP;
    }
    return false;
  }

  beginKey(depth: number): boolean {
    return (this.inEntry && depth === this.memberDepth) || (this.inData && depth === this.memberDepth + 2);
  }

  /** A member's key: the value after it replaces any earlier one of the same key. */
  keyRead(text: Uint8Array, length: number): void {
    const member = memberOf(text, length);
    if (!this.inData) {
      this.entryMember = member;
      if (member === TITLE) this.title.length = -1;
      if (member === DATA) this.clearData();
      return;
    }
    this.dataMember = member;
    if (member === VALUE) this.value.length = -1;
    if (member === HREF) this.href.length = -1;
    if (member === TIMESTAMP) this.timestamp = Number.NaN;
  }

  stringRead(text: Uint8Array, length: number): void {
    const slot = !this.inData ? this.title : this.dataMember === VALUE ? this.value : this.href;
    slot.keep(text, length);
  }

  numberRead(value: number): void {
    this.timestamp = value;
  }

  close(depth: number): void {
    if (this.inEntry && depth === this.memberDepth) {
      this.inEntry = false;
      this.emit();
    } else if (this.inData && depth === this.memberDepth + 2) this.inData = false;
    else if (this.dataArray && depth === this.memberDepth + 1) this.dataArray = false;
  }

  private beginEntry(): void {
    this.inEntry = true;
    this.entryMember = OTHER;
    this.title.length = -1;
    this.clearData();
  }

  private clearData(): void {
    this.value.length = -1;
    this.href.length = -1;
    this.timestamp = Number.NaN;
    this.dataArray = false;
    this.firstData = false;
    this.inData = false;
  }

  /** The entry has closed: its name is the title, else the first data's value, else its link's. */
  private emit(): void {
    const at = this.timestamp;
    if (this.addName(this.title, at) || this.addName(this.value, at)) return;
    if (this.href.length >= 0)
      this.people.add(nameFromHref(decoder.decode(this.href.bytes.subarray(0, this.href.length))), at);
  }

  /** Adds the person a kept text names, when it names anyone once trimmed. */
  private addName(slot: Slot, at: number): boolean {
    const { bytes, length } = slot;
    if (length <= 0) return false;
    if (isAscii(bytes, 0, length)) {
      const start = lowerAsciiTrimmed(bytes, 0, length);
      const end = trimmedEnd(bytes, start, length);
      if (end === start) return false;
      this.people.addBytes(bytes, start, end, at);
      return true;
    }
    const name = normalName(decoder.decode(bytes.subarray(0, length)));
    if (!name) return false;
    this.people.add(name, at);
    return true;
  }
}

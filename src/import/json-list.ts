// Reads one JSON list file of a download (followers_N.json, following.json, their siblings) as its
// bytes stream in (src/import/json-scanner.ts), straight into a PeopleCollector: no object per entry,
// no string per name. A file is
//   [entry, …] (newer) or {"relationships_followers": [entry, …]} (older), or a list of one written as
//   the bare entry (issue 50: seen in 2026 downloads), where an entry is
//   {"title": NAME, "string_list_data": [{"href": LINK, "value": NAME, "timestamp": SECONDS}, …], …}
// or, in the sibling lists of 2026 downloads,
//   {"timestamp": SECONDS, "label_values": [{"label": "URL", "value": LINK}, {"label": "Username", "value": NAME}, …]}
// with the label in the account's language, sometimes as mojibake (src/import/username-labels.ts).
// The name is the title, else the first data's value, else the value labelled as the username, else
// the data's link, else the labelled URL; when a key repeats, the last one counts, as with JSON.parse.
// An entry with none of these that names nobody is counted as unreadable, never dropped in silence.

import type { PeopleCollector } from '../../common/snapshot/people.ts';
import { JsonScanner, ValueKind } from './json-scanner.ts';
import { isAscii, lowerAsciiTrimmed, nameFromHref, normalName, trimmedEnd } from './names.ts';
import { isUsernameLabel } from './username-labels.ts';

// The members that matter: at an entry's level, and in its first string_list_data object.
const OTHER = 0;
const TITLE = 1;
const DATA = 2;
const VALUE = 3;
const HREF = 4;
const TIMESTAMP = 5;
const LABEL_VALUES = 6;
const LABEL = 7;
const MEDIA_LIST = 8;
const MEDIA = 9;
const FBID = 10;

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
    ['label_values', LABEL_VALUES],
    ['label', LABEL],
    ['media_list_data', MEDIA_LIST],
    ['media', MEDIA],
    ['fbid', FBID],
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

  copy(from: Slot): void {
    this.keep(from.bytes, from.length);
  }

  text(): string {
    return decoder.decode(this.bytes.subarray(0, Math.max(0, this.length)));
  }
}

/** Feed it a list file's bytes in order (`write`), then `end`; each person goes to the collector. */
export class JsonListReader {
  private readonly scanner = new JsonScanner(this);
  /**
   * The depth of an entry's members: 2 in [entry, …], 3 in {"key": [entry, …]}, 1 in a bare entry;
   * 0 before the top value.
   */
  private memberDepth = 0;
  /** The top value is an object whose first key says yet whether it wraps the list or is its one entry. */
  private topUndecided = false;
  /** Entries that look like people (a title, data or labels) but name nobody: left out, and counted. */
  unreadable = 0;
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
  /** The entry's own timestamp (label_values entries keep it there). */
  private entryTimestamp = Number.NaN;
  /** Whether the entry has anything a person's entry has. */
  private personLike = false;
  private labelArray = false;
  private inLabel = false;
  private labelMember = OTHER;
  private readonly label = new Slot();
  private readonly labelValue = new Slot();
  private readonly labelled = new Slot();
  private readonly labelledUrl = new Slot();

  constructor(private readonly people: PeopleCollector) {}

  write(chunk: Uint8Array): void {
    this.scanner.write(chunk);
  }

  /** The file is over: throws when it stopped in the middle of its JSON. */
  end(): void {
    this.scanner.end();
  }

  beginValue(kind: ValueKind, depth: number): boolean {
    if (this.memberDepth === 0) {
      this.memberDepth = kind === ValueKind.ARRAY ? 2 : kind === ValueKind.OBJECT ? 3 : -1;
      this.topUndecided = kind === ValueKind.OBJECT;
    }
    const member = depth === this.memberDepth;
    if (this.labelArray && depth === this.memberDepth + 1) {
      if (kind === ValueKind.OBJECT) this.beginLabel();
      return false;
    }
    if (this.inLabel && depth === this.memberDepth + 2)
      return kind === ValueKind.STRING && (this.labelMember === LABEL || this.labelMember === VALUE);
    // Only the first element of string_list_data names the person.
    if (this.dataArray && depth === this.memberDepth + 1) {
      if (this.firstData && kind === ValueKind.OBJECT) this.inData = true;
      this.firstData = false;
    }
    if (kind === ValueKind.OBJECT && depth + 1 === this.memberDepth) this.beginEntry();
    else if (kind === ValueKind.ARRAY && this.inEntry && member && this.entryMember === DATA) {
      this.dataArray = true;
      this.firstData = true;
    } else if (kind === ValueKind.ARRAY && this.inEntry && member && this.entryMember === LABEL_VALUES) {
      this.labelArray = true;
    } else if (kind === ValueKind.STRING && this.inEntry && member) return this.entryMember === TITLE;
    else if (kind === ValueKind.NUMBER && this.inEntry && member) return this.entryMember === TIMESTAMP;
    else if (this.inData && depth === this.memberDepth + 2) {
      return kind === ValueKind.STRING
        ? this.dataMember === VALUE || this.dataMember === HREF
        : kind === ValueKind.NUMBER && this.dataMember === TIMESTAMP;
    }
    return false;
  }

  beginKey(depth: number): boolean {
    return (
      (this.inEntry && depth === this.memberDepth) ||
      (this.inData && depth === this.memberDepth + 2) ||
      (this.inLabel && depth === this.memberDepth + 2) ||
      (this.topUndecided && depth === 1)
    );
  }

  /** A member's key: the value after it replaces any earlier one of the same key. */
  keyRead(text: Uint8Array, length: number): void {
    const member = memberOf(text, length);
    if (this.topUndecided) {
      // {"relationships_followers": […]} wraps the list; a key an entry has makes the object the one entry.
      this.topUndecided = false;
      if (member === OTHER || member === VALUE || member === HREF || member === LABEL) return;
      this.memberDepth = 1;
      this.beginEntry();
    }
    if (this.inLabel) {
      this.labelMember = member;
      if (member === LABEL) this.label.length = -1;
      if (member === VALUE) this.labelValue.length = -1;
      return;
    }
    if (!this.inData) {
      this.entryMember = member;
      if (member === TITLE || member === DATA || member === LABEL_VALUES) this.personLike = true;
      if (member === TITLE) this.title.length = -1;
      if (member === DATA) this.clearData();
      if (member === LABEL_VALUES) this.clearLabels();
      if (member === TIMESTAMP) this.entryTimestamp = Number.NaN;
      return;
    }
    this.dataMember = member;
    if (member === VALUE) this.value.length = -1;
    if (member === HREF) this.href.length = -1;
    if (member === TIMESTAMP) this.timestamp = Number.NaN;
  }

  stringRead(text: Uint8Array, length: number): void {
    if (this.inLabel) {
      (this.labelMember === LABEL ? this.label : this.labelValue).keep(text, length);
      return;
    }
    const slot = !this.inData ? this.title : this.dataMember === VALUE ? this.value : this.href;
    slot.keep(text, length);
  }

  numberRead(value: number): void {
    if (this.inData) this.timestamp = value;
    else this.entryTimestamp = value;
  }

  close(depth: number): void {
    if (this.inEntry && depth === this.memberDepth) {
      this.inEntry = false;
      this.emit();
    } else if (this.inLabel && depth === this.memberDepth + 2) this.endLabel();
    else if (this.labelArray && depth === this.memberDepth + 1) this.labelArray = false;
    else if (this.inData && depth === this.memberDepth + 2) this.inData = false;
    else if (this.dataArray && depth === this.memberDepth + 1) this.dataArray = false;
  }

  private beginEntry(): void {
    this.inEntry = true;
    this.entryMember = OTHER;
    this.personLike = false;
    this.title.length = -1;
    this.entryTimestamp = Number.NaN;
    this.clearData();
    this.clearLabels();
  }

  private clearLabels(): void {
    this.labelArray = false;
    this.inLabel = false;
    this.labelled.length = -1;
    this.labelledUrl.length = -1;
  }

  private beginLabel(): void {
    this.inLabel = true;
    this.labelMember = OTHER;
    this.label.length = -1;
    this.labelValue.length = -1;
  }

  /** A {"label", "value"} pair has closed: it names the person when its label says "username". */
  private endLabel(): void {
    this.inLabel = false;
    if (this.label.length <= 0 || this.labelValue.length <= 0) return;
    const label = this.label.text();
    if (isUsernameLabel(label)) this.labelled.copy(this.labelValue);
    else if (label.trim().toLowerCase() === 'url') this.labelledUrl.copy(this.labelValue);
  }

  private clearData(): void {
    this.value.length = -1;
    this.href.length = -1;
    this.timestamp = Number.NaN;
    this.dataArray = false;
    this.firstData = false;
    this.inData = false;
  }

  /**
   * The entry has closed: its name is the title, else the first data's value, else the labelled
   * username, else the data's link, else the labelled URL; its time the data's, else the entry's own.
   */
  private emit(): void {
    const at = Number.isNaN(this.timestamp) ? this.entryTimestamp : this.timestamp;
    if (this.addName(this.title, at) || this.addName(this.value, at) || this.addName(this.labelled, at)) return;
    for (const link of [this.href, this.labelledUrl]) {
      const name = link.length > 0 ? nameFromHref(link.text()) : '';
      if (!name) continue;
      this.people.add(name, at);
      return;
    }
    if (this.personLike) this.unreadable++;
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

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PeopleCollector, type Person } from '../../common/snapshot/people.ts';
import { JsonListReader } from './json-list.ts';

const encoder = new TextEncoder();

/** Reads `text` split at `cuts` (byte offsets), as chunks arrive from the archive. */
function read(text: string | Uint8Array, cuts: number[] = []): Person[] {
  const bytes = typeof text === 'string' ? encoder.encode(text) : text;
  const people = new PeopleCollector();
  const reader = new JsonListReader(people);
  let from = 0;
  for (const cut of [...cuts.map((at) => at % (bytes.length + 1))].sort((a, b) => a - b)) {
    reader.write(bytes.subarray(from, cut));
    from = cut;
  }
  reader.write(bytes.subarray(from));
  reader.end();
  return people
    .finish()
    .people()
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

const accepts = (text: string, cuts: number[] = []) => {
  try {
    read(text, cuts);
    return true;
  } catch {
    return false;
  }
};

/** The rule the reader follows, written plainly on parsed JSON: title, else value, else the link. */
function reference(entries: unknown[]): Person[] {
  const earliest = new Map<string, number>();
  for (const entry of entries as Array<{ title?: unknown; string_list_data?: unknown }>) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const first = Array.isArray(entry.string_list_data) ? entry.string_list_data[0] : undefined;
    const data = (first && typeof first === 'object' ? first : {}) as Record<string, unknown>;
    const link = () => {
      try {
        return (
          new URL(data.href as string).pathname
            .split('/')
            .filter((part) => part && part !== '_u')
            .at(-1) ?? ''
        );
      } catch {
        return '';
      }
    };
    const name = (
      (typeof entry.title === 'string' && entry.title.trim()) ||
      (typeof data.value === 'string' && data.value.trim()) ||
      (typeof data.href === 'string' && link()) ||
      ''
    ).toLowerCase();
    if (!name) continue;
    const stamp = data.timestamp;
    const at = typeof stamp === 'number' && stamp >= 1 && stamp < 2 ** 32 ? Math.floor(stamp) : 0;
    const known = earliest.get(name);
    earliest.set(name, known === undefined ? at : at && (!known || at < known) ? at : known);
  }
  return [...earliest].map(([name, at]) => ({ name, at: at || null })).sort((a, b) => (a.name < b.name ? -1 : 1));
}

const name = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9._]{1,20}$/),
  fc.constantFrom(' Spaced.Name ', 'José', 'ÅSA', 'naïve_1', '😀x', '\t', '', 'Ünïcode\u2028'),
);
const stamp = fc.oneof(
  fc.integer({ min: 1_300_000_000, max: 1_800_000_000 }),
  fc.constantFrom(0, -5, 1.7e9 + 0.5, 5e10, '1700000000', null, true),
);
const entry = fc.record(
  {
    title: fc.oneof(name, fc.constant(5)),
    media_list_data: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 2 }),
    string_list_data: fc.array(
      fc.record(
        {
          href: fc.oneof(
            name.map((n) => `https://www.instagram.com/${encodeURIComponent(n)}`),
            name.map((n) => `https://www.instagram.com/_u/${encodeURIComponent(n)}/`),
            fc.constant('not a url'),
          ),
          value: name,
          timestamp: stamp,
        },
        { requiredKeys: [] },
      ),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: [] },
);

describe('the JSON list reader', () => {
  it('finds the same people as parsing the whole file, in both shapes, however the bytes are cut', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(entry, fc.jsonValue({ maxDepth: 1 })), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        (entries, cuts, wrapped, escaped) => {
          let text = JSON.stringify(wrapped ? { relationships_following: entries, other: [{ title: 'x' }] } : entries);
          // The network escapes everything beyond ASCII in its JSON: read both ways.
          if (escaped)
            text = text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
          const people = read(text, cuts);
          expect(people).toEqual(reference(wrapped ? [...entries, { title: 'x' }] : entries));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('accepts what JSON.parse accepts and refuses the rest: cut, broken or trailing bytes', () => {
    const broken = fc
      .tuple(
        fc.jsonValue({ maxDepth: 3 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('', ' ', '"', '\\', '{', '}', '[', ']', ':', ',', '0', '-', '.', 'e', 't', 'n', 'x', 'u'),
      )
      .map(([value, at, cut, insert]) => {
        const text = JSON.stringify(value);
        const where = at % (text.length + 1);
        return text.slice(0, where) + insert + text.slice(where + (cut % 2));
      });
    fc.assert(
      fc.property(broken, fc.array(fc.nat(), { maxLength: 4 }), (text, cuts) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        // A file with nothing in it names nobody rather than failing.
        expect(accepts(text, cuts)).toBe(parses || text.trim() === '');
      }),
      { numRuns: 2000 },
    );
  });

  it('reads escapes, a byte order mark and a name split inside a character', () => {
    const text = '\ufeff[{"title": "Josée\\ud83d\\ude00", "string_list_data": [{"timestamp": 1700000000}]}]';
    const bytes = encoder.encode(text);
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(read(bytes, [cut])).toEqual([{ name: 'josée😀', at: 1_700_000_000 }]);
    }
    expect(read('[{"title": "A\\ud83d", "string_list_data": []}]')).toEqual([{ name: 'a\ufffd', at: null }]);
  });

  it('takes the last of repeated members, as JSON.parse does', () => {
    expect(read('[{"title": "first", "title": "", "string_list_data": [{"value": "Second"}]}]')).toEqual([
      { name: 'second', at: null },
    ]);
    expect(
      read('[{"string_list_data": [{"value": "a", "timestamp": 5}], "string_list_data": [{"value": "b"}]}]'),
    ).toEqual([{ name: 'b', at: null }]);
  });

  it('names nobody in a file that is empty, holds no list, or has nothing but other values', () => {
    expect(read('')).toEqual([]);
    expect(read('  \n')).toEqual([]);
    expect(read('"just a string"')).toEqual([]);
    expect(read('[1, "two", [{"title": "too deep"}], null]')).toEqual([]);
  });

  it('refuses a file nested deeper than any list, and one cut short', () => {
    expect(accepts(`${'['.repeat(600)}${']'.repeat(600)}`)).toBe(false);
    expect(accepts('[{"title": "", "string_list_data": [')).toBe(false);
    expect(accepts('[{"title": "ana"}] [')).toBe(false);
    expect(accepts('[1e5, -0.5E-3, 0, 12]')).toBe(true);
    expect(accepts('[01]')).toBe(false);
  });
});

describe('entries that name nobody (issue 50)', () => {
  it('are counted, never dropped in silence', () => {
    const people = new PeopleCollector();
    const reader = new JsonListReader(people);
    const entries = [
      { title: '', string_list_data: [{ href: 'https://www.instagram.com/ana', value: 'ana', timestamp: 5 }] },
      { title: '', string_list_data: [{ href: 'https://www.instagram.com/', timestamp: 6 }] },
      { title: '', string_list_data: [] },
      { timestamp: 7, label_values: [{ label: 'Nome', value: 'Some Name' }] },
      { timestamp: 8, label_values: [{ label: 'Nome de usuÃ¡rio', value: 'bia' }] },
    ];
    reader.write(encoder.encode(JSON.stringify(entries)));
    reader.end();
    expect(
      people
        .finish()
        .people()
        .sort((a, b) => (a.name < b.name ? -1 : 1)),
    ).toEqual([
      { name: 'ana', at: 5 },
      { name: 'bia', at: 8 },
    ]);
    expect(reader.unreadable).toBe(3);
  });

  it('reads a labelled URL when no label names the username', () => {
    expect(
      read(
        JSON.stringify([{ timestamp: 9, label_values: [{ label: 'URL', value: 'https://www.instagram.com/caio' }] }]),
      ),
    ).toEqual([{ name: 'caio', at: 9 }]);
  });

  it('reads a bare entry and a wrapper alike, at any cut', () => {
    const bare = JSON.stringify({ title: '', string_list_data: [{ value: 'solo', timestamp: 5 }] });
    for (let cut = 0; cut <= bare.length; cut += 7) expect(read(bare, [cut])).toEqual([{ name: 'solo', at: 5 }]);
    expect(read(JSON.stringify({ relationships_followers: [{ title: 'x', string_list_data: [] }] }))).toEqual([
      { name: 'x', at: null },
    ]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameId } from './name-id.ts';
import { PeopleCollector, sortById } from './people.ts';

function collect(people: Array<[string, number]>) {
  const collector = new PeopleCollector();
  for (const [name, at] of people) collector.add(name, at);
  return collector.finish();
}

describe('a list as columns', () => {
  it('keeps one person per name with the earliest known time, in id order', () => {
    const list = collect([
      ['a', 5],
      ['a', 3],
      ['b', 0],
      ['a', 0],
      ['c', 9],
      ['b', 7],
    ]);
    expect(list.count).toBe(3);
    const people = list.people();
    expect(people.map((person) => nameId(person.name))).toEqual(
      people.map((person) => nameId(person.name)).sort((x, y) => (x < y ? -1 : 1)),
    );
    expect(Object.fromEntries(people.map(({ name, at }) => [name, at]))).toEqual({ a: 3, b: 7, c: 9 });
  });

  it('gives the same list whatever the order, for any names', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 50 })), {
          maxLength: 60,
        }),
        fc.integer(),
        (people, seed) => {
          const shuffled = [...people].sort((a, b) => ((a[1] * 7 + seed) % 11) - ((b[1] * 7 + seed) % 11));
          const one = collect(people).people();
          expect(collect(shuffled).people()).toEqual(one);
          expect(one.map((person) => person.name).sort()).toEqual([...new Set(people.map(([name]) => name))].sort());
        },
      ),
    );
  });

  it('keeps at most 64 bytes of a name, never half a character', () => {
    const [long] = collect([[`${'é'.repeat(40)}`, 1]]).people();
    expect(long?.name).toBe('é'.repeat(32));
    expect(collect([['', 1]]).count).toBe(0);
  });

  it('takes only times the snapshot can carry: whole seconds from 1 to 2^32 − 1', () => {
    const list = collect([
      ['a', 1.7e9 + 0.9],
      ['b', -4],
      ['c', 2 ** 32],
      ['d', Number.NaN],
    ]);
    expect(Object.fromEntries(list.people().map(({ name, at }) => [name, at]))).toEqual({
      a: 1_700_000_000,
      b: null,
      c: null,
      d: null,
    });
  });

  it('sorts by the 64-bit id as comparing the halves would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: 5 }), fc.integer({ min: 0, max: 2 ** 32 - 1 })), { maxLength: 200 }),
        (ids) => {
          // Few distinct high halves, so ties on them are common.
          const hi = Uint32Array.from(ids.map(([h]) => h * 0x3fffffff));
          const lo = Uint32Array.from(ids.map(([, l]) => l));
          const expected = ids
            .map((_, i) => i)
            .sort((a, b) => (hi[a] as number) - (hi[b] as number) || (lo[a] as number) - (lo[b] as number) || a - b);
          expect([...sortById(hi, lo, ids.length)]).toEqual(expected);
        },
      ),
    );
  });
});

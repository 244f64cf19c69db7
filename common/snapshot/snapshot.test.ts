import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BadChunkError, CHUNK_SIZE, decodeChunk, encodeList, nameId } from './snapshot.ts';

describe('the compact snapshot', () => {
  it('gives a name the same 64-bit id every time, and different names different ids', () => {
    expect(nameId('ana')).toBe(nameId('ana'));
    expect(nameId('ana')).not.toBe(nameId('anа')); // a Cyrillic а
    const ids = new Set(Array.from({ length: 100_000 }, (_, i) => nameId(`user${i}`)));
    expect(ids.size).toBe(100_000);
    expect(nameId('ana') < 1n << 64n).toBe(true);
  });

  it('round-trips any list: ids ascend, each with its name and follow time, cut into chunks', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z0-9._]{1,30}$/), { maxLength: 300 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (names, base) => {
          const people = names.map((name, i) => ({ name, at: i % 3 ? (base + i) % 2 ** 32 : null }));
          const chunks = encodeList('following', people);
          const decoded = chunks.map(decodeChunk);
          const all = decoded.flatMap((chunk) =>
            chunk.names.map((name, i) => [chunk.ids[i], name, chunk.at[i]] as const),
          );
          expect(all.map(([, name]) => name).sort()).toEqual([...names].sort());
          for (const [id, name, at] of all) {
            expect(id).toBe(nameId(name));
            const person = people.find((p) => p.name === name);
            expect(at).toBe(person?.at ?? 0);
          }
          const ids = all.map(([id]) => id as bigint);
          expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
          expect(decoded.every((chunk) => chunk.list === 'following')).toBe(true);
        },
      ),
    );
  });

  it('cuts long lists at CHUNK_SIZE, and an empty list is one empty chunk', () => {
    const people = Array.from({ length: CHUNK_SIZE + 5 }, (_, i) => ({ name: `n${i}`, at: i }));
    expect(encodeList('followers', people).map((chunk) => decodeChunk(chunk).ids.length)).toEqual([CHUNK_SIZE, 5]);
    expect(encodeList('followers', []).map((chunk) => decodeChunk(chunk).ids.length)).toEqual([0]);
  });

  it('refuses a chunk that is cut, padded, reordered or forged', () => {
    const [chunk] = encodeList('followers', [
      { name: 'amy', at: 1 },
      { name: 'bea', at: 2 },
    ]) as [Uint8Array];
    expect(() => decodeChunk(chunk.subarray(0, chunk.length - 1))).toThrow(BadChunkError);
    expect(() => decodeChunk(new Uint8Array([...chunk, 0]))).toThrow(BadChunkError);
    expect(() => decodeChunk(new Uint8Array([1, 2, 3]))).toThrow(BadChunkError);
    const forged = new Uint8Array(chunk);
    forged[9 + 13] = (forged[9 + 13] as number) ^ 0x01; // a letter of the first name, not its id
    expect(() => decodeChunk(forged)).toThrow(/not its name/);
    const first = chunk.subarray(9, 9 + 16);
    const second = chunk.subarray(9 + 16);
    const swapped = new Uint8Array([...chunk.subarray(0, 9), ...second, ...first]);
    expect(() => decodeChunk(swapped)).toThrow(/out of order/);
  });
});

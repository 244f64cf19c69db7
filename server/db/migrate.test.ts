// Issue 54 item 5: opening a database says which migrations it applied, so `db:migrate` prints each one on
// an empty database and none on one already up to date (it once said "up to date" on an empty one too).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const tags = (
  JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: Array<{ tag: string }>;
  }
).entries.map((entry) => entry.tag);

describe('migrations', () => {
  it('are said one by one when applied, and not again once the schema is up to date', async () => {
    const empty = await openDatabase({ memory: true });
    expect(empty.applied).toEqual(tags);
    expect(tags.at(-1)).toMatch(/^00\d\d_/);
    const copy = await empty.dump?.();
    await empty.close();
    const again = await openDatabase({ memory: true, from: copy });
    expect(again.applied).toEqual([]);
    await again.close();
  });
});

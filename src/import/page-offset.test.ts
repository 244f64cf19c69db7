import { describe, expect, it } from 'vitest';
import { PeopleCollector } from '../../common/snapshot/people.ts';
import { HtmlListReader } from './html-list.ts';
import { pageOffset } from './page-offset.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('the clock an HTML page writes in (issue 50)', () => {
  it('is its header’s text against its datetime, whatever the text calls it', () => {
    // 05:03 UTC shown as "22:03 UTC": the evening before, in UTC−7.
    expect(pageOffset('2026-08-12T05:03Z', '22:03 UTC')).toBe(-7 * 3600);
    expect(pageOffset('2026-08-12T05:03Z', '10:03 pm')).toBe(-7 * 3600);
    expect(pageOffset('2026-08-12T20:00Z', '01:30')).toBe(5.5 * 3600);
    expect(pageOffset('2026-08-12T05:03Z', '05:03 UTC')).toBe(0);
  });

  it('gives none when the two do not make a time zone', () => {
    expect(pageOffset('not a date', '22:03')).toBeNull();
    expect(pageOffset('2026-08-12T05:03Z', 'no time here')).toBeNull();
    expect(pageOffset('2026-08-12T05:03Z', '22:10')).toBeNull();
  });

  it('moves the page’s dates to UTC', () => {
    const page = `<html><head><base href="../../"/></head><body><header><time datetime="2026-08-12T05:03Z">22:03 UTC</time></header><main><div><div><a target="_blank" href="https://www.instagram.com/tarde">tarde</a></div><div>ago 11, 2026 1:07 da tarde/noite</div></div><div><div><a target="_blank" href="https://www.instagram.com/meianoite">meianoite</a></div><div>ago 12, 2026 12:30 da manhã</div></div></main></body></html>`;
    const people = new PeopleCollector();
    const reader = new HtmlListReader(people);
    reader.write(new TextEncoder().encode(page));
    reader.end();
    const read = people
      .finish()
      .people()
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    // Local UTC−7: 13:07 is 20:07 UTC, 00:30 is 07:30 UTC.
    expect(read).toEqual([
      { name: 'meianoite', at: at('2026-08-12T07:30:00Z') },
      { name: 'tarde', at: at('2026-08-11T20:07:00Z') },
    ]);
  });
});

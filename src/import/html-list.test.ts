import { describe, expect, it } from 'vitest';
import { PeopleCollector, type Person } from '../../common/snapshot/people.ts';
import { htmlEntry, htmlPage, personalInformationPage } from '../../tests/fixtures/html-pages.ts';
import { HtmlListReader } from './html-list.ts';
import { ownerOfHtml } from './html-owner.ts';

const encoder = new TextEncoder();
const NOV_12 = Date.UTC(2026, 10, 12, 15, 4) / 1000;

/** Reads a page cut at `cuts` (byte offsets), as chunks arrive from the archive, people by name. */
function read(page: string, cuts: number[] = []): Person[] {
  const bytes = encoder.encode(page);
  const people = new PeopleCollector();
  const reader = new HtmlListReader(people);
  let from = 0;
  for (const cut of cuts) {
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

describe('the HTML list reader', () => {
  it('names each person by their profile link and dates them by the text beside it, however the page is cut', () => {
    const page = htmlPage('Followers', [
      htmlEntry({ name: 'Ana.Lima', at: NOV_12 }),
      htmlEntry({ name: 'bob_92', at: NOV_12 - 60 }, 'title'),
      htmlEntry({ name: 'c.3_x.9', at: NOV_12 - 120 }, 'href_u', 'de'),
    ]);
    const expected = [
      { name: 'ana.lima', at: NOV_12 },
      { name: 'bob_92', at: NOV_12 - 60 },
      { name: 'c.3_x.9', at: NOV_12 - 120 },
    ];
    const length = encoder.encode(page).length;
    for (let cut = 0; cut <= length; cut += 7) expect(read(page, [cut])).toEqual(expected);
    expect(
      read(
        page,
        Array.from({ length }, (_, i) => i),
      ),
    ).toEqual(expected);
  });

  it('takes only profile links: not posts, other sites or the page’s own links', () => {
    const links = [
      '<a href="https://www.instagram.com/p/CODE123/">a post</a>',
      '<a href="https://www.instagram.com/stories/ana/123/">a story</a>',
      '<a href="https://example.com/ana">elsewhere</a>',
      '<a href="../../index.html">back</a>',
      '<a href="https://www.instagram.com/..">dots</a>',
      '<a href="https://www.instagram.com/_u">no name</a>',
      '<a name="top">no link</a>',
    ];
    expect(read(htmlPage('Followers', links))).toEqual([]);
    const others = [
      '<A TARGET=_blank HREF=https://instagram.com/Bare.Name/>x</A><div>Nov 12, 2026 3:04 pm</div>',
      "<a href='http://m.instagram.com/_u/quoted'>y</a><div>Nov 12, 2026 3:04 pm</div>",
      '<a href="https://www.instagram.com/amp?utm=1&amp;x=2">z</a><div>12&nbsp;nov&nbsp;2026, 15:04</div>',
    ];
    expect(read(htmlPage('Followers', others))).toEqual([
      { name: 'amp', at: NOV_12 },
      { name: 'bare.name', at: NOV_12 },
      { name: 'quoted', at: NOV_12 },
    ]);
  });

  it('skips what is not the page’s content: comments, styles and scripts that mention links', () => {
    const page = htmlPage('Followers', [
      '<!-- <a href="https://www.instagram.com/commented">x</a> -->',
      '<script>if (a < b) document.write("<a href=\\"https://www.instagram.com/scripted\\">")</script>',
      '<style>/* <a href="https://www.instagram.com/styled"> */</style>',
      htmlEntry({ name: 'real', at: NOV_12 }),
    ]);
    expect(read(page)).toEqual([{ name: 'real', at: NOV_12 }]);
  });

  it('leaves a date unknown when it is missing or unreadable, and keeps the person', () => {
    const page = htmlPage('Following', [
      '<div><a href="https://www.instagram.com/undated">undated</a></div>',
      '<div><a href="https://www.instagram.com/odd">odd</a></div><div>someday soon</div>',
      '<div><a href="https://www.instagram.com/ambiguous">x</a></div><div>03/04/2026 10:00</div>',
    ]);
    expect(read(page)).toEqual([
      { name: 'ambiguous', at: null },
      { name: 'odd', at: null },
      { name: 'undated', at: null },
    ]);
  });

  it('refuses a page cut short before its end', () => {
    const page = htmlPage('Followers', [htmlEntry({ name: 'ana', at: NOV_12 })]);
    expect(() => read(page.slice(0, page.indexOf('</body>')))).toThrow(/ends before/);
  });
});

describe('the owner of an HTML download', () => {
  it('is the username labelled in any of the six languages', () => {
    for (const language of ['en', 'es', 'fr', 'de', 'it', 'pt-BR'] as const) {
      expect(ownerOfHtml(encoder.encode(personalInformationPage('Maria.Lopez', language)))).toBe('maria.lopez');
    }
  });

  it('is unknown when the page names no username', () => {
    expect(ownerOfHtml(encoder.encode(htmlPage('Personal information', ['<p>Username</p><p>not a name!</p>'])))).toBe(
      undefined,
    );
    expect(ownerOfHtml(encoder.encode('<html><body>Email<div>m@example.com</div></body></html>'))).toBe(undefined);
  });
});

describe('labelled tables (issue 50)', () => {
  const row = (label: string, value: string, date: string) =>
    `<div class="pam"><table><tr><td>Nome</td><td>Some Name</td></tr><tr><td>${label}</td><td>${value}</td></tr></table><div class="_3-94 _a6-o">${date}</div></div>`;

  it('take the text after a "username" label as the person, dated by the next div, however the page is cut', () => {
    const page = `<html><body><main>${row('Nome de usuário', 'Gabi_C', 'ago 07, 2026 7:31 da tarde/noite')}${row('Benutzername', 'hans', '06.08.2026, 07:31')}</main></body></html>`;
    const expected = [
      { name: 'gabi_c', at: Date.UTC(2026, 7, 7, 19, 31) / 1000 },
      { name: 'hans', at: Date.UTC(2026, 7, 6, 7, 31) / 1000 },
    ];
    const length = encoder.encode(page).length;
    for (let cut = 1; cut < length; cut += 13) expect(read(page, [cut])).toEqual(expected);
  });

  it('count a label followed by no username as unreadable', () => {
    const people = new PeopleCollector();
    const reader = new HtmlListReader(people);
    reader.write(
      encoder.encode(
        `<html><body>${row('Username', 'not a name!', 'Aug 7, 2026')}${row('Username', 'ok_one', 'Aug 7, 2026')}</body></html>`,
      ),
    );
    reader.end();
    expect(people.finish().people()).toEqual([{ name: 'ok_one', at: Date.UTC(2026, 7, 7) / 1000 }]);
    expect(reader.unreadable).toBe(1);
  });
});

// The README, CONTRIBUTING.md and docs/ name files and link each other; a file that moved or a link to a
// heading that was renamed would leave a newcomer at a dead end. Every path they name in backticks and
// every relative link they make must lead somewhere that exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const documents = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const rooms = 'src|server|common|tests|bench|scripts|wasm|content|locales|deploy|docs|public|\\.ci';
const namedPath = new RegExp(`\`((?:${rooms})/[^\`\\s]*)\``, 'g');
const link = /\]\(([^)\s]+)\)/g;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

function anchorsIn(file: string): Set<string> {
  const headings = readFileSync(join(root, file), 'utf8').match(/^#{1,6} .+$/gm) ?? [];
  return new Set(headings.map((heading) => anchorOf(heading.replace(/^#+ /, ''))));
}

it('the README is a door: at most 300 lines, the rest in docs/', () => {
  expect(readFileSync(join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(300);
});

describe.each(documents)('%s', (document) => {
  const text = readFileSync(join(root, document), 'utf8');

  it('keeps its lines to 120 characters, so it reads in a terminal and a diff', () => {
    const long = text.split('\n').filter((line) => [...line].length > 120 && !/^\s*\|/.test(line));
    expect(long).toEqual([]);
  });

  it('names only files and folders that exist', () => {
    const missing = [...text.matchAll(namedPath)]
      .map((match) => (match[1] as string).replace(/[.,:;]+$/, '').replace(/\/$/, ''))
      // A pattern (`src/views/<screen>/`, `locales/*/messages.po`) or a path with a line number names no one file.
      .filter((path) => !/[<*{]/.test(path))
      // What a run makes (`bench/tmp/`) is not in a clean clone.
      .filter((path) => !path.startsWith('bench/tmp/'))
      .map((path) => path.replace(/:\d+$/, ''))
      .filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });

  it('links only to files and headings that exist', () => {
    const broken = [...text.matchAll(link)]
      .map((match) => match[1] as string)
      .filter((target) => !/^[a-z]+:/.test(target))
      .filter((target) => {
        const [file, anchor] = target.split('#') as [string, string | undefined];
        const path = file ? join(dirname(document), file) : document;
        if (!existsSync(join(root, path))) return true;
        return anchor !== undefined && path.endsWith('.md') && !anchorsIn(path).has(anchor);
      });
    expect(broken).toEqual([]);
  });
});

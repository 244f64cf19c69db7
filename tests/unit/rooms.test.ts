// The rooms of the house (README, "Where things live") and what each may import: the server never
// reaches into the web app, the web app never into the server, both share only common/, and the
// production server's import graph reaches no test double.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const specifier = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\1/g;

function filesUnder(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, folder))) {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...filesUnder(path));
    else if (/\.(ts|tsx)$/.test(name)) out.push(path);
  }
  return out;
}

/** The project files a file imports (relative specifiers only), as paths from the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const out: string[] = [];
  for (const match of text.matchAll(specifier)) {
    const spec = match[2] as string;
    if (!spec.startsWith('.')) continue;
    out.push(relative(root, resolve(root, dirname(file), spec)));
  }
  return out;
}

const room = (path: string) => path.split('/')[0];

describe('rooms', () => {
  it.each([
    ['server', ['src', 'tests', 'bench', 'scripts']],
    ['src', ['server', 'tests', 'bench', 'scripts']],
    ['common', ['src', 'server', 'tests', 'bench', 'scripts', 'wasm']],
  ])('%s imports nothing from %j', (from, forbidden) => {
    const production = filesUnder(from).filter((file) => !/\.test\.tsx?$/.test(file));
    const crossings = production.flatMap((file) =>
      importsOf(file)
        .filter((target) => forbidden.includes(room(target) as string))
        .map((target) => `${file} → ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it('a server or web-app test reaches another room only through tests/ (the cross-part harness)', () => {
    const tests = [...filesUnder('server'), ...filesUnder('src')].filter((file) => /\.test\.tsx?$/.test(file));
    const crossings = tests.flatMap((file) =>
      importsOf(file)
        .filter((target) => ['src', 'server'].includes(room(target) as string) && room(target) !== room(file))
        .map((target) => `${file} → ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it('the production server, from server/main.ts, reaches no test double', () => {
    const seen = new Set<string>();
    const queue = ['server/main.ts'];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const target of importsOf(file)) {
        if (existsSync(join(root, target)) && /\.(ts|tsx)$/.test(target)) queue.push(target);
      }
    }
    // Sanity: the walk really followed the graph (the routes, the database, the core).
    expect(seen.size).toBeGreaterThan(100);
    expect(seen).toContain('server/db/schema.ts');
    const doubles = [...seen].filter((file) => room(file) === 'tests' || /fake|test-upstream|testing/.test(file));
    expect(doubles).toEqual([]);
  });
});

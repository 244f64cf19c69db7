// The build's subscriber and common chunks (issue 31, scripts/screen-chunks.ts), on a small module graph
// shaped like the app's: what only a subscriber's screens share goes in one file no visitor loads, what
// they share with a login screen in another, and what one screen or a later load needs stays apart.
import { describe, expect, it } from 'vitest';
import { type ModuleFacts, screenChunks } from '../../scripts/screen-chunks.ts';

const ROOT = '/app';

/** A graph from `importer -> [static imports]` and the dynamic imports of each module. */
function graphOf(imports: Record<string, string[]>, dynamic: Record<string, string[]>, entry: string) {
  const facts = new Map<string, ModuleFacts & { importers: string[]; dynamicImporters: string[] }>();
  const node = (id: string) => {
    let found = facts.get(id);
    if (!found) {
      found = { isEntry: id === entry, importers: [], dynamicImporters: [] };
      facts.set(id, found);
    }
    return found;
  };
  for (const [from, tos] of Object.entries(imports)) for (const to of tos) node(to).importers.push(from);
  for (const [from, tos] of Object.entries(dynamic)) for (const to of tos) node(to).dynamicImporters.push(from);
  node(entry);
  return (id: string) => facts.get(id) ?? null;
}

const at = (file: string) => `${ROOT}/${file}`;
const home = at('src/views/home/Home.tsx');
const lists = at('src/views/follower-list/FollowerList.tsx');
const otp = at('src/views/otp/Otp.tsx');
const main = at('src/main.tsx');
const header = at('src/app/Header.tsx');
const firstReads = at('src/db/first-reads.ts');
const sourceLine = at('src/app/sources/SourceLine.tsx');
const dialog = at('src/app/Dialog.tsx');
const cards = at('src/views/home/DashboardCards.tsx');
const growthChart = at('src/views/home/GrowthChart.tsx');
const chart = at('src/views/charts/Chart.tsx');
const uplot = at('node_modules/uplot/dist/uPlot.esm.js');
const zodSchema = at('common/schema/user.ts');

const graph = graphOf(
  {
    [home]: [sourceLine, dialog, cards, zodSchema],
    [lists]: [sourceLine, zodSchema],
    [otp]: [dialog, zodSchema],
    [header]: [dialog],
    [growthChart]: [chart, sourceLine],
    [chart]: [uplot],
  },
  { [main]: [home, lists, otp, header, firstReads], [home]: [growthChart] },
  main,
);
const chunkOf = screenChunks(ROOT, (id) => id.includes('/common/schema/'));

describe('the screen chunks', () => {
  it('put what two of a subscriber’s screens need first, and only they, in the subscriber’s file', () => {
    expect(chunkOf(sourceLine, graph)).toBe('subscriber');
    expect(chunkOf(firstReads, graph)).toBe('subscriber');
  });

  it('put what a login screen shares with them in the common file', () => {
    expect(chunkOf(dialog, graph)).toBe('common');
  });

  it('leave a screen, what one screen alone needs, a later load and another group’s code to the bundler', () => {
    expect(chunkOf(home, graph)).toBeNull();
    expect(chunkOf(otp, graph)).toBeNull();
    expect(chunkOf(cards, graph)).toBeNull();
    expect(chunkOf(chart, graph)).toBeNull();
    expect(chunkOf(uplot, graph)).toBeNull();
    expect(chunkOf(zodSchema, graph)).toBeNull();
  });
});

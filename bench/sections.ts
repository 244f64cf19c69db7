// The benchmark's sections, so one can be measured alone while working on it (`npm run bench -- diff`)
// while `npm run bench` still measures them all.

export const SECTIONS = [
  'bundle',
  'diff',
  'sentiment',
  'dexie',
  'metrics',
  'analysis',
  'server_memory',
  'app',
  'import',
  'import_commit',
  'scale',
  'lighthouse',
  'official',
  'official_calls',
  'export',
  'export_stall',
  'route_stall',
  'load',
  'capacity',
  'cost',
  'analysis_stall',
  'faults',
  'faults_process',
] as const;
export type Section = (typeof SECTIONS)[number];

/** The sections named in `args`, or all of them when none is named; an unknown name is refused. */
export function chosenSections(args: readonly string[]): Set<Section> {
  const names = args.filter((arg) => !arg.startsWith('-'));
  const unknown = names.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`unknown bench section ${unknown.join(', ')}; known: ${SECTIONS.join(', ')}`);
  return new Set(names.length > 0 ? (names as Section[]) : SECTIONS);
}

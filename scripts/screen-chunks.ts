// Two chunks of the build beyond Vite's defaults (issue 31), so a subscriber's screen waits on a handful
// of files rather than thirty: left to the bundler, the code the dashboard needs first came in about
// 30 files of 1-2 kB, and on a phone's slow connection each costs a round trip (six at a time).
// - 'subscriber': code that only a subscriber's code reaches and that two or more of the first-paint
//   roots below need. A visitor's page never loads it.
// - 'common': code that a visitor's screen and two or more first-paint roots both need (the login's
//   actions, the dialog), one file for both.
// First-paint roots: a subscriber's screens (common/routes.ts, guards C and token), the header and the
// first reads. What a screen loads later (the growth chart, the story viewer, a post's sentiment)
// keeps its own files.
import { relative, sep } from 'node:path';
import { routes } from '../common/routes.ts';
import { firstReadsModule, headerModule, readsFirst, screenModules } from '../common/screen-modules.ts';

/** What the bundler tells of a module (rolldown's ModuleInfo, in part). */
export interface ModuleFacts {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
}

export type ModuleGraph = (id: string) => ModuleFacts | null;

/** The source files a subscriber's screens load first, relative to the project. */
export const firstPaintRoots: ReadonlySet<string> = new Set([
  ...routes.filter((route) => readsFirst(route.guard)).map((route) => screenModules[route.screen]),
  headerModule,
  firstReadsModule,
]);

/** A visitor's screens, relative to the project. */
const visitorScreens: ReadonlySet<string> = new Set(
  Object.values(screenModules).filter((file) => !firstPaintRoots.has(file)),
);

/**
 * Names a module's chunk: 'subscriber', 'common', or null for the bundler's own choice. `loadedApart`
 * names the modules other groups put in chunks that visitors load too (the schemas', the database's):
 * they are in neither, and what they import is no subscriber's alone.
 */
export function screenChunks(projectRoot: string, loadedApart: (id: string) => boolean) {
  const path = (id: string) => relative(projectRoot, id).split(sep).join('/');
  const roots = new Map<string, ReadonlySet<string>>();
  const subscriberRoot = new Map<string, boolean>();

  /** The modules loaded on their own (the entry, a dynamic import, another group's) whose imports reach `id`. */
  function rootsOf(id: string, graph: ModuleGraph, visiting = new Set<string>()): ReadonlySet<string> {
    const known = roots.get(id);
    if (known) return known;
    const facts = graph(id);
    const found = new Set<string>();
    if (!facts || visiting.has(id)) return found;
    visiting.add(id);
    if (facts.isEntry || facts.dynamicImporters.length > 0 || loadedApart(id)) found.add(id);
    for (const importer of facts.importers) for (const root of rootsOf(importer, graph, visiting)) found.add(root);
    visiting.delete(id);
    roots.set(id, found);
    return found;
  }

  /** A root only a subscriber reaches: a first-paint root, or one loaded only by such code. */
  function isSubscriberRoot(id: string, graph: ModuleGraph): boolean {
    const known = subscriberRoot.get(id);
    if (known !== undefined) return known;
    subscriberRoot.set(id, false);
    const facts = graph(id);
    const answer =
      firstPaintRoots.has(path(id)) ||
      (facts !== null &&
        !facts.isEntry &&
        !loadedApart(id) &&
        facts.dynamicImporters.length > 0 &&
        facts.dynamicImporters.every((importer) => onlySubscribers(importer, graph)));
    subscriberRoot.set(id, answer);
    return answer;
  }

  const onlySubscribers = (id: string, graph: ModuleGraph) =>
    [...rootsOf(id, graph)].every((root) => isSubscriberRoot(root, graph));

  return (id: string, graph: ModuleGraph): 'subscriber' | 'common' | null => {
    const file = path(id);
    // Every subscriber's screen waits for its first reads: they travel with the shared code.
    if (file === firstReadsModule) return 'subscriber';
    // A screen keeps its own file (view all once loaded all of post analytics this way).
    if (firstPaintRoots.has(file) || visitorScreens.has(file) || loadedApart(id)) return null;
    const reachedBy = [...rootsOf(id, graph)].map(path);
    const subscribers = reachedBy.filter((root) => firstPaintRoots.has(root)).length;
    if (subscribers < 2) return null;
    if (onlySubscribers(id, graph)) return 'subscriber';
    return reachedBy.some((root) => visitorScreens.has(root)) ? 'common' : null;
  };
}

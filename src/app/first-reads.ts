// A logged-in screen renders once its first reads have answered (issue 31; the reads are in
// src/db/first-reads.ts, loaded with the database code): the entry starts the opening screen's reads
// beside its code and the catalog, and RouteView waits for them, so the screen's first paint already
// holds what is cached. Visitor screens read nothing and wait for nothing.
import { routes, type ScreenId } from '../../common/routes.ts';
import { readsFirst } from '../../common/screen-modules.ts';

/**
 * How long a screen waits for its reads once the database code is loaded. Past it the screen renders
 * anyway and fills in as they answer: a database that never opens (blocked by another tab's upgrade,
 * storage switched off) never leaves a blank screen for long. With the CPU slowed 4x on a 2-core machine
 * at a load of 20, opening it and reading took well under a second; the margin keeps a slower phone's
 * screen from painting before its data and then moving.
 */
export const FIRST_READS_DEADLINE_MS = 5000;

/** What a navigation waits for; `answered` once it has, so a render can tell without waiting a tick. */
export type Reads = Promise<unknown> & { answered?: true };

export { readsFirst };

/** The database code of the first reads (common/screen-modules.ts names the same file for the server). */
export const loadFirstReads = () => import('../db/first-reads.ts');

/**
 * The code a subscriber's screen runs beside its own: the first reads' and the header's. The code-cache
 * frame (app/code-cache.ts) loads it with the screen, so a repeat visit finds it compiled too.
 */
export function loadSubscriberCode(screen: ScreenId): Promise<unknown> {
  const route = routes.find((candidate) => candidate.screen === screen);
  return route && readsFirst(route.guard) ? Promise.all([loadFirstReads(), import('./Header.tsx')]) : Promise.resolve();
}

/**
 * A promise marked `answered` once all of these have settled (a failure counts: the screen renders
 * anyway); at once when every one is marked answered already, or there is none.
 */
export function answeredWhenAll(waits: ReadonlyArray<Reads | undefined>): Reads {
  const pending = waits.filter((wait): wait is Reads => wait !== undefined);
  const all: Reads = Promise.allSettled(pending).then(() => undefined);
  if (pending.every((wait) => wait.answered)) all.answered = true;
  void all.then(() => {
    all.answered = true;
  });
  return all;
}

function startReads(screen: ScreenId, search: string, deadline: number): Reads {
  // The deadline runs from when the database code is here: on a slow connection the code takes as long
  // as the screen's own, which the screen waits for anyway.
  return answeredWhenAll([
    loadFirstReads().then(({ readFirst }) =>
      Promise.race([
        readFirst(screen, new URLSearchParams(search)),
        new Promise<void>((resolve) => setTimeout(resolve, deadline)),
      ]),
    ),
  ]);
}

/** The opening screen's reads, started by the entry; the first navigation to ask for them takes them. */
let opening: { key: string; reads: Reads } | undefined;

/** The same, kept for the header, which shows the user record they read. */
let openingForHeader: Reads | undefined;

/**
 * Settles once the opening screen's reads have (at once when the page started none). The header waits for
 * it: drawn before the stored user record is read, it showed the login's name alone and grew a line when
 * the record came (issue 31), where the screen below it waits for the same reads.
 */
export function openingReadsSettled(): Promise<unknown> {
  return openingForHeader ?? Promise.resolve();
}

const keyOf = (path: string, search: string) => `${path}?${search}`;

/** Starts the opening screen's reads now (the entry, before the catalog has loaded). */
export function startOpeningReads(
  path: string,
  screen: ScreenId,
  search: string,
  deadline = FIRST_READS_DEADLINE_MS,
): Reads {
  opening = { key: keyOf(path, search), reads: startReads(screen, search, deadline) };
  openingForHeader = opening.reads;
  return opening.reads;
}

/**
 * The reads a navigation waits for: the opening ones for the page's first screen, fresh ones after that
 * (what another screen wrote since is read again).
 */
export function firstReadsFor(
  path: string,
  screen: ScreenId,
  search: string,
  deadline = FIRST_READS_DEADLINE_MS,
): Reads {
  const started = opening;
  opening = undefined;
  if (started?.key === keyOf(path, search)) return started.reads;
  return startReads(screen, search, deadline);
}

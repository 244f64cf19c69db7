// What an export in the worker is given by the page, and what it answers.
import type { ExportStore } from './store.ts';

export interface ExportContext {
  /** The login's token, for the server's calls. */
  token: string;
  /** The page's headers: language and app version (spec §7). */
  headers: Record<string, string>;
  /** The language the files are written in. */
  locale: string;
  now: Date;
  /** What this device saved (the app's IndexedDB). */
  store: ExportStore;
  fetch: typeof fetch;
  /** False when the device knows it is offline: then only what IndexedDB holds is exported. */
  online: boolean;
}

/** How an export ended. */
export type ExportOutcome =
  | {
      kind: 'done';
      fileName: string;
      /** Records written, the header left out. */
      rows: number;
      /** Made from what this device had saved, without the server. */
      offline: boolean;
      /** False when the server stopped sending before the end and resuming failed (a note row says so). */
      complete: boolean;
    }
  | { kind: 'nothing' }
  | { kind: 'failed'; status: number; message: string | undefined };

/** The day of `now` as YYYY-MM-DD (UTC), for file names. */
export function fileDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** A file's name: followscope-<what>-<day>[-offline].<extension>. */
export function exportFileName(what: string, now: Date, offline: boolean, extension: string): string {
  return `followscope-${what}-${fileDay(now)}${offline ? '-offline' : ''}.${extension}`;
}

// The worker's side of an export (issue 20): opens the target (the picked file, or a Blob for a
// download), builds the context from this worker's IndexedDB connection and fetch, and runs one export.
import type { ExportContext, ExportOutcome } from './context.ts';
import { exportStore } from './store.ts';
import { blobTarget, type ExportTarget, fileTarget } from './target.ts';

/** What the page hands over: the login and the language. */
export interface ExportSession {
  token: string;
  headers: Record<string, string>;
  locale: string;
}

/** An outcome, with the file as a Blob when the page must download it. */
export type ExportResult = ExportOutcome & { blob?: Blob };

/** Runs `write` into `file` or a Blob of `type`. */
export async function runExport(
  file: FileSystemFileHandle | undefined,
  type: string,
  session: ExportSession,
  write: (out: WritableStream<Uint8Array>, context: ExportContext) => Promise<ExportOutcome>,
): Promise<ExportResult> {
  const target: ExportTarget = file ? await fileTarget(file) : blobTarget(type);
  const context: ExportContext = {
    ...session,
    now: new Date(),
    store: exportStore(),
    fetch: (input, init) => fetch(input, init),
    online: navigator.onLine,
  };
  const outcome = await write(target.stream, context);
  const blob = outcome.kind === 'done' ? target.blob() : undefined;
  return blob ? { ...outcome, blob } : outcome;
}

export const CSV_TYPE = 'text/csv;charset=utf-8';
export const ZIP_TYPE = 'application/zip';

// Saving an export (issue 20): the page asks where to save (the File System Access API's picker, where
// the browser has one) and hands the file to the collector worker, which writes it; otherwise the worker
// builds a Blob and the page downloads it. The page never holds the file's rows.
import { msg } from '@lingui/core/macro';
import type { ListName } from '../../common/lists.ts';
import { commonHeaders, currentToken, reportUnauthorized } from '../api/client.ts';
import type { PostKind } from '../export/post-export.ts';
import type { ExportResult, ExportSession } from '../export/run.ts';
import { currentLocale, i18n } from '../i18n/index.ts';
import { showToast } from './toast.tsx';

/** What can be exported. */
export type ExportRequest =
  | { kind: 'list'; list: ListName; suggestedName: string }
  | { kind: 'posts'; posts: PostKind; suggestedName: string }
  | { kind: 'account'; suggestedName: string };

type SaveFilePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<FileSystemFileHandle>;

/** The file the user picked; undefined where the browser has no picker; null when they cancelled. */
async function pickFile(request: ExportRequest): Promise<FileSystemFileHandle | undefined | null> {
  const picker = (window as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  if (!picker) return undefined;
  const zip = request.kind === 'account';
  try {
    return await picker({
      suggestedName: request.suggestedName,
      types: [
        zip
          ? { description: 'ZIP', accept: { 'application/zip': ['.zip'] } }
          : { description: 'CSV', accept: { 'text/csv': ['.csv'] } },
      ],
    });
  } catch (error) {
    // The user closed the picker: nothing to do. Any other failure falls back to a download.
    return error instanceof DOMException && error.name === 'AbortError' ? null : undefined;
  }
}

/** Hands a Blob to the browser as a download named `fileName`. */
function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by then; a minute is generous on a slow disk.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function runInWorker(
  request: ExportRequest,
  file: FileSystemFileHandle | undefined,
  session: ExportSession,
  signal?: AbortSignal,
) {
  const worker = await import('../workers/collector.ts');
  switch (request.kind) {
    case 'list':
      return worker.exportList(request.list, file, session, signal);
    case 'posts':
      return worker.exportPostAnalytics([request.posts], file, session, signal);
    case 'account':
      return worker.exportAccount(file, session, signal);
  }
}

/** Says how the export ended, as a toast. */
async function report(result: ExportResult): Promise<void> {
  switch (result.kind) {
    case 'done': {
      const name = result.fileName;
      const text = result.offline
        ? i18n._(msg`Saved ${name} from what this device had saved: you are offline.`)
        : result.complete
          ? i18n._(msg`Saved ${name}.`)
          : i18n._(msg`Saved ${name}, but the connection ended before the whole list arrived. Try again for the rest.`);
      showToast(text, { kind: result.complete ? 'info' : 'error' });
      return;
    }
    case 'nothing':
      showToast(i18n._(msg`Nothing to export yet: open this screen online once to save its figures.`));
      return;
    case 'failed':
      if (result.status === 401) await reportUnauthorized();
      showToast(result.message ?? i18n._(msg`Something went wrong. Please try again.`));
  }
}

/**
 * Exports `request`: to a picked file, or as a download. Resolves when it is written, refused or
 * cancelled: `signal` stops the worker, and a picked file is left as it was (its writes are discarded).
 */
export async function saveExport(request: ExportRequest, signal?: AbortSignal): Promise<void> {
  // The picker first: it needs the click's user activation, which awaits can use up.
  const file = await pickFile(request);
  if (file === null) return;
  const session: ExportSession = {
    token: (await currentToken()) ?? '',
    headers: commonHeaders(),
    locale: currentLocale(),
  };
  let result: ExportResult;
  try {
    result = await runInWorker(request, file, session, signal);
  } catch (error) {
    if (signal?.aborted) showToast(i18n._(msg`Export cancelled.`), { kind: 'info' });
    else showToast(error instanceof Error ? error.message : String(error));
    return;
  }
  if (result.kind === 'done' && result.blob) download(result.blob, result.fileName);
  await report(result);
}

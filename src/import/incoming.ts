// Downloads that reach the import screen from outside the page (issue 33): shared through the phone's
// share sheet (the service worker kept the files: src/sw/share-target.ts), or opened with the installed
// app (file_handlers, delivered through the launch queue).
import { forgetSharedFiles, sharedFiles } from '../sw/shared-files.ts';

/** The files the share sheet handed over, taken once: they are forgotten as they are read. */
export async function takeSharedFiles(): Promise<File[]> {
  try {
    const files = await sharedFiles();
    await forgetSharedFiles();
    return files;
  } catch {
    // No Cache Storage here (an insecure origin): nothing was shared.
    return [];
  }
}

interface LaunchParams {
  files: readonly FileSystemFileHandle[];
}
interface LaunchQueue {
  setConsumer(consumer: (params: LaunchParams) => void): void;
}

/** Whether this browser hands the installed app the files it is opened with. */
export function launchesFiles(): boolean {
  return 'launchQueue' in window;
}

/** Hands every file the installed app is opened with to `use` (none where there is no launch queue). */
export function consumeLaunchedFiles(use: (files: File[]) => void): void {
  const queue = (window as Window & { launchQueue?: LaunchQueue }).launchQueue;
  queue?.setConsumer((params) => {
    if (params.files.length === 0) return;
    void Promise.all(params.files.map((handle) => handle.getFile())).then(use);
  });
}

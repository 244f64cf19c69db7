// The share target (issue 33): the phone's share sheet posts the download to SHARE_TARGET_PATH as a
// form; the service worker keeps its files and opens the import screen, which starts at once. No
// network is needed, so a download shared while offline is read on the device all the same.
import { registerRoute } from 'workbox-routing';
import { SHARE_TARGET_PATH, SHARED_FILES_FIELD } from './device-cache.ts';
import { keepSharedFiles } from './shared-files.ts';

async function receive(request: Request): Promise<Response> {
  let files: File[] = [];
  try {
    const form = await request.formData();
    files = form.getAll(SHARED_FILES_FIELD).filter((value): value is File => value instanceof File && value.size > 0);
  } catch {
    // Not a form the share sheet would send: the import screen says nothing arrived.
  }
  if (files.length === 0) return Response.redirect('/import?shared=none', 303);
  try {
    await keepSharedFiles(files);
  } catch {
    // Out of space: the screen asks for the file through the picker instead.
    return Response.redirect('/import?shared=failed', 303);
  }
  return Response.redirect('/import?shared=1', 303);
}

/** Answers the share sheet's POST. */
export function receiveSharedDownloads(): void {
  registerRoute(
    ({ url }) => url.pathname === SHARE_TARGET_PATH,
    ({ request }) => receive(request),
    'POST',
  );
}

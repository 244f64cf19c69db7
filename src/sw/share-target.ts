// The share target (issue 33): the phone's share sheet posts the download to SHARE_TARGET_PATH as a
// form; the service worker keeps its files and opens the import screen, which asks before it imports.
// No network is needed, so a download shared while offline is read on the device all the same.
// Issue 48: a POST that another page sent is refused unread (share-origin.ts), and the import screen
// says so in the user's language; it is the precached shell, so that works offline too.
import { registerRoute } from 'workbox-routing';
import { importScreenSaying, SHARE_TARGET_PATH, type SharedOutcome } from '../../common/share-target.ts';
import { SHARED_FILES_FIELD } from './device-cache.ts';
import { initiatorOf, refusalOf } from './share-origin.ts';
import { keepSharedFiles } from './shared-files.ts';

/** The import screen, saying `outcome`, as the answer to the POST (303: the browser GETs it). */
const toImport = (scope: ServiceWorkerGlobalScope, outcome: SharedOutcome) =>
  Response.redirect(new URL(importScreenSaying(outcome), scope.location.origin).href, 303);

/** Keeps what `event`'s POST brought, unless it came from another page; answers with the import screen. */
export async function receiveShare(scope: ServiceWorkerGlobalScope, event: FetchEvent): Promise<Response> {
  const { request } = event;
  // Refused before the body is read: nothing another page sent is kept, even for a moment.
  if (refusalOf(request, scope.location.origin, await initiatorOf(scope.clients, event.clientId))) {
    return toImport(scope, 'refused');
  }
  let files: File[] = [];
  try {
    const form = await request.formData();
    files = form.getAll(SHARED_FILES_FIELD).filter((value): value is File => value instanceof File && value.size > 0);
  } catch {
    // Not a form the share sheet would send: the import screen says nothing arrived.
  }
  if (files.length === 0) return toImport(scope, 'none');
  try {
    await keepSharedFiles(files);
  } catch {
    // Out of space: the screen asks for the file through the picker instead.
    return toImport(scope, 'failed');
  }
  return toImport(scope, '1');
}

/** Answers the share sheet's POST. */
export function receiveSharedDownloads(scope: ServiceWorkerGlobalScope): void {
  registerRoute(
    ({ url }) => url.pathname === SHARE_TARGET_PATH,
    ({ event }) => receiveShare(scope, event as FetchEvent),
    'POST',
  );
}

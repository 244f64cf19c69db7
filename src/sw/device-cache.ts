// What this device keeps for itself in Cache Storage (issue 33), shared by the service worker and the
// page: a download shared into the app until the import screen takes it, and the count of changes the
// user has not seen. In Cache Storage rather than IndexedDB so the service worker needs no database
// code; deleting the account empties it with the other caches (src/app/storage.ts, emptyCaches).

export const DEVICE_CACHE = 'followscope-device';
/** The form field the shared files come in (the manifest's share_target.params.files[0].name). */
export const SHARED_FILES_FIELD = 'download';

/** The Background Sync tag of the outbox, shared by the page (src/app/outbox.ts) and the worker. */
export const SYNC_TAG = 'followscope-outbox';

// The share target's addresses (issues 33 and 48), one table for the three that use them: the manifest
// names the action, the service worker answers it and sends the import screen what became of the share,
// and the server answers a POST that no service worker took.

/** Where the share sheet posts (the manifest's share_target.action). */
export const SHARE_TARGET_PATH = '/share-target';
/** The import screen's query naming what became of a share (src/views/import/received.ts). */
export const SHARED_PARAM = 'shared';
/**
 * What became of a share: `1` its files wait for the import screen; `none` nothing came; `failed` no
 * room to keep them; `refused` another page sent it, and nothing was kept (issue 48).
 */
export type SharedOutcome = '1' | 'none' | 'failed' | 'refused';

/** The import screen's address saying `outcome`. */
export const importScreenSaying = (outcome: SharedOutcome) => `/import?${SHARED_PARAM}=${outcome}`;

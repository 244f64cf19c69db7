/** The Periodic Background Sync tag of the daily figures refresh, shared by the page and the worker. */
export const FIGURES_SYNC_TAG = 'followscope-figures';

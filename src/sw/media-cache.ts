/** The Cache Storage name of proxied media, shared by the worker (media.ts) and the page (storage.ts). */
export const MEDIA_CACHE = 'followscope-media';

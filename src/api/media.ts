// Where a picture or video is loaded from. The server hands out every media URL as a signed path of
// its media proxy (/api/v1/proxy?url=…&sig=…), so the app never loads from another origin; the
// sample network's older cached paths (/source/…) are the app's own too.

/** The URL to put in an <img> or <video>; an absolute URL the server did not sign is not loaded. */
export function mediaUrl(url: string): string {
  if (!url || url.startsWith('/') || url.startsWith('data:') || url.startsWith('blob:')) return url;
  return '';
}

// Where a picture is loaded from. Our own pictures (the sample network's) load directly; pictures
// from elsewhere go through the media proxy path (spec §1), which the media-proxy work serves.

/** The URL to put in an <img>. */
export function mediaUrl(url: string): string {
  if (!url || url.startsWith('/') || url.startsWith('data:')) return url;
  return `/api/v1/media/?url=${encodeURIComponent(url)}`;
}

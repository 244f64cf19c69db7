// What a story's <img> or <video> already knows about its own load. React hands an element's load
// event to its handler only once the element is mounted; a cached file can finish loading between
// React creating the element and mounting it (a slow render on a busy phone), and that event is lost
// (issue 16). Asking the element itself when it mounts closes that gap.

export type MediaState = 'loading' | 'loaded' | 'failed';

/** The state the element is in now; 'loading' means its load or error event is still to come. */
export async function currentMediaState(element: HTMLImageElement | HTMLVideoElement): Promise<MediaState> {
  if (element instanceof HTMLVideoElement) {
    if (element.error) return 'failed';
    return element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA ? 'loaded' : 'loading';
  }
  if (!element.complete) return 'loading';
  if (element.naturalWidth > 0) return 'loaded';
  // Finished without a width: a broken file, or a picture with no size of its own (an SVG with only a
  // viewBox, in some browsers). Decoding tells them apart.
  return element.decode().then(
    () => 'loaded',
    () => 'failed',
  );
}

// Whether a POST to the share target came from this device (issue 48). The share target's address is
// public, and any page can submit a form to it: a page of another site did, and its file became the
// user's import. What a share sheet sends, and what the worker can see of it:
//
// - The phone's share is a navigation the browser starts itself, with no page behind it. Chromium's
//   Android share target posts with an empty referrer and `false /* is_renderer_initiated */`
//   (https://chromium.googlesource.com/chromium/src/+/fd60eeee62f768593c2d852023f4a5c6cfab0451/chrome/browser/android/webapk/webapk_post_share_target_navigator.cc),
//   so its `Sec-Fetch-Site` is `none`: "This request is a user-originated operation"
//   (https://developer.mozilla.org/docs/Web/HTTP/Headers/Sec-Fetch-Site); Chrome sends `none` for a
//   navigation from outside the browser (https://github.com/w3c/webappsec-fetch-metadata/issues/77).
//   It has no page behind it ("browser-initiated navigations have an opaque initiator",
//   https://github.com/w3c/webappsec-fetch-metadata/issues/20), so no origin of another site either.
// - A service worker is not shown `Sec-Fetch-Site`: "In Chrome, we've modeled these headers as being
//   attached at the time we hit the network, so they're not visible in Service Workers"
//   (https://github.com/w3c/webappsec-fetch-metadata/issues/38), and "the service worker can not
//   reason about whether the incoming request is from a safe same-origin initiator or a potentially
//   hostile cross-site initiator" (https://github.com/whatwg/fetch/issues/1322). It is read here all
//   the same, for a browser that shows it; the server's fallback reads it (server/http/share-target.ts).
// - What Chromium 156 does show the worker (probed for issue 48): the `Origin` header (another site's
//   origin for its form; `null` for an opaque origin, a sandboxed frame or a page that sends no
//   referrer), and the client that started the navigation (`clientId`), which `clients.get` finds only
//   when it is one of this origin's pages. A form aimed at a frame on another site never reached this
//   worker (such a frame's storage, workers included, is partitioned by its top site): the server
//   answered it. The destination (`iframe`) is checked for a browser that does not partition.
//
// So a POST is refused when anything says another page sent it. What passes is the share sheet's, this
// app's own pages', or a page of another site that hid itself well (a sandboxed page's new window
// shows nothing the share sheet does not): the import screen therefore asks before it imports.

/** Why a POST to the share target was refused. */
export type ShareRefusal =
  /** The browser says another site, or a sibling on the same site, sent it. */
  | 'otherSite'
  /** It names an origin other than this one. */
  | 'otherOrigin'
  /** It is aimed at a frame: the share sheet opens a whole window. */
  | 'framed'
  /** A page that is not one of this origin's started it. */
  | 'otherPage';

/** Who started the navigation: nobody (the browser itself), one of this origin's pages, or another. */
export type ShareInitiator = 'browser' | 'ours' | 'other';

/** Why `request`, started by `initiator`, did not come from this device; undefined when nothing says so. */
export function refusalOf(request: Request, ownOrigin: string, initiator: ShareInitiator): ShareRefusal | undefined {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return 'otherSite';
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== 'null' && origin !== ownOrigin) return 'otherOrigin';
  if (request.destination && request.destination !== 'document') return 'framed';
  if (initiator === 'other') return 'otherPage';
  return undefined;
}

/** Who started the navigation `clientId` names (a navigation's FetchEvent.clientId is its initiator's). */
export async function initiatorOf(clients: Clients, clientId: string): Promise<ShareInitiator> {
  if (!clientId) return 'browser';
  // clients.get finds only this origin's clients: another origin's page is undefined here.
  return (await clients.get(clientId)) ? 'ours' : 'other';
}

// The share target takes a file only from the user's own device (issue 48): a POST that another page
// sent is refused before its body is read and nothing is kept; the share sheet's, and this app's own
// pages', are kept for the import screen. The worker's scope is a fake; Cache Storage is in memory.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryCaches } from '../../tests/support/cache-storage.ts';
import { initiatorOf, refusalOf, type ShareInitiator } from './share-origin.ts';
import { receiveShare } from './share-target.ts';
import { sharedFiles } from './shared-files.ts';

// Workbox's routing, which the module registers its route with, names the worker's global `self`.
vi.hoisted(() => Object.assign(globalThis, { self: globalThis }));

const OWN = 'https://app.test';

/** A POST to the share target carrying `download`, with the headers a browser would set. */
function sharePost(headers: Record<string, string> = {}, download = new File(['{}'], 'instagram-ana.zip')) {
  const form = new FormData();
  form.append('download', download);
  return new Request(`${OWN}/share-target`, { method: 'POST', body: form, headers });
}

/** What the worker sees of a navigation: its request, and the client that started it. */
function shareEvent(request: Request, clientId = '', ownClients: string[] = []) {
  const clients = {
    get: vi.fn(async (id: string) => (ownClients.includes(id) ? { id, url: `${OWN}/home` } : undefined)),
  };
  const scope = { location: { origin: OWN }, clients } as unknown as ServiceWorkerGlobalScope;
  return { scope, event: { request, clientId } as unknown as FetchEvent };
}

beforeEach(() => {
  memoryCaches();
});

describe('who may post to the share target', () => {
  const refusal = (headers: Record<string, string>, initiator: ShareInitiator = 'browser') =>
    refusalOf(sharePost(headers), OWN, initiator);

  it('takes the share sheet’s POST, which no page started, and this app’s own pages’', () => {
    expect(refusal({})).toBeUndefined();
    expect(refusal({ origin: 'null' })).toBeUndefined();
    expect(refusal({ 'sec-fetch-site': 'none' })).toBeUndefined();
    expect(refusal({ origin: OWN, 'sec-fetch-site': 'same-origin' }, 'ours')).toBeUndefined();
  });

  it('refuses what the browser says another site sent, or a sibling on the same site', () => {
    expect(refusal({ 'sec-fetch-site': 'cross-site' })).toBe('otherSite');
    expect(refusal({ 'sec-fetch-site': 'same-site' })).toBe('otherSite');
  });

  it('refuses a POST naming another origin, even one that differs only by its port or scheme', () => {
    expect(refusal({ origin: 'https://evil.example' })).toBe('otherOrigin');
    expect(refusal({ origin: 'https://app.test:8443' })).toBe('otherOrigin');
    expect(refusal({ origin: 'http://app.test' })).toBe('otherOrigin');
  });

  it('refuses a page of another origin that hides its own (no referrer, a sandboxed frame)', () => {
    expect(refusal({ origin: 'null' }, 'other')).toBe('otherPage');
  });

  it('refuses a POST aimed at a frame', () => {
    const framed = sharePost();
    Object.defineProperty(framed, 'destination', { value: 'iframe' });
    expect(refusalOf(framed, OWN, 'browser')).toBe('framed');
  });

  it('knows a navigation’s starter by its client: none, one of this origin’s, or another', async () => {
    const clients = { get: async (id: string) => (id === 'mine' ? ({ id } as Client) : undefined) } as Clients;
    expect(await initiatorOf(clients, '')).toBe('browser');
    expect(await initiatorOf(clients, 'mine')).toBe('ours');
    expect(await initiatorOf(clients, 'theirs')).toBe('other');
  });
});

describe('a share', () => {
  it('from another page is refused unread: nothing is kept, and the import screen says so', async () => {
    const request = sharePost({ origin: 'https://evil.example' });
    const formData = vi.spyOn(request, 'formData');
    const { scope, event } = shareEvent(request);
    const answer = await receiveShare(scope, event);
    expect(answer.status).toBe(303);
    expect(new URL(answer.headers.get('location') ?? '', OWN).search).toBe('?shared=refused');
    expect(formData).not.toHaveBeenCalled();
    expect(await sharedFiles()).toEqual([]);
  });

  it('from a page of another origin with no origin to show is refused too', async () => {
    const { scope, event } = shareEvent(sharePost({ origin: 'null' }), 'their-page', ['our-page']);
    const answer = await receiveShare(scope, event);
    expect(answer.headers.get('location')).toMatch(/\/import\?shared=refused$/);
    expect(await sharedFiles()).toEqual([]);
  });

  it('from the share sheet keeps the file for the import screen, under a label for a name', async () => {
    const sent = new File(['{}'], '../../evil<img src=x onerror=alert(1)>.json', { type: 'application/json' });
    const { scope, event } = shareEvent(sharePost({ origin: 'null' }, sent));
    const answer = await receiveShare(scope, event);
    expect(answer.headers.get('location')).toMatch(/\/import\?shared=1$/);
    const kept = await sharedFiles();
    expect(kept.map((file) => [file.name, file.size])).toEqual([['evil<img src=x onerror=alert(1)>.json', 2]]);
  });

  it('from this app’s own page is kept', async () => {
    const { scope, event } = shareEvent(sharePost({ origin: OWN }), 'our-page', ['our-page']);
    expect((await receiveShare(scope, event)).headers.get('location')).toMatch(/\/import\?shared=1$/);
    expect(await sharedFiles()).toHaveLength(1);
  });
});

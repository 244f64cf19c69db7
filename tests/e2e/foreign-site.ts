// A website that is not the app (issue 48), as the security review's was: its page posts a file to the
// app's share target as soon as it opens, the way any site can submit a form to any address. It is a
// server of its own on another port, so another origin; reached as `localhost` while the app is
// 127.0.0.1, it is another site too.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the page posts: a file, and where to. */
export interface Planted {
  /** The app's share target, absolute (`http://127.0.0.1:8391/share-target`). */
  action: string;
  file: { name: string; mimeType: string; buffer: Buffer };
}

export interface ForeignSite {
  /**
   * The page that posts at once from `host` (`localhost`: another site; `127.0.0.1`: another origin of
   * the app's site). `hidden`: from a sandboxed frame, into a window of its own with no opener, so the
   * POST shows the app no origin and no page of its own (what the share sheet's shows, too).
   */
  pageUrl(host: string, how?: 'plain' | 'hidden'): string;
  stop(): Promise<void>;
}

/**
 * The script a page runs: the file, written into the page (the test's requests carry a header of their
 * own, which a fetch of another origin would have to ask leave for), in a form that posts itself.
 */
const postScript = ({ action, file }: Planted, target: string) => `
  {
    const bytes = Uint8Array.from(atob(${JSON.stringify(file.buffer.toString('base64'))}), (char) => char.charCodeAt(0));
    const form = document.createElement('form');
    form.method = 'post';
    form.enctype = 'multipart/form-data';
    form.action = ${JSON.stringify(action)};
    form.target = ${JSON.stringify(target)};
    form.rel = 'noopener';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'download';
    const files = new DataTransfer();
    files.items.add(new File([bytes], ${JSON.stringify(file.name)}, { type: ${JSON.stringify(file.mimeType)} }));
    input.files = files.files;
    form.append(input);
    document.body.append(form);
    form.submit();
  }`;

/** Starts the site on a free port of 127.0.0.1, posting `planted` from every page it serves. */
export async function startForeignSite(planted: Planted): Promise<ForeignSite> {
  const page = (script: string) => `<!doctype html><title>Free followers</title><body><script>${script}</script>`;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    if (path === '/hidden') {
      const frame = page(postScript(planted, '_blank')).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
      return response.end(
        `<!doctype html><iframe sandbox="allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox" srcdoc="${frame}"></iframe>`,
      );
    }
    response.end(page(postScript(planted, '_self')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    pageUrl: (host, how = 'plain') => `http://${host}:${port}/${how === 'hidden' ? 'hidden' : ''}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

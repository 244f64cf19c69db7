// The precache on the wire: what a first visit's service worker downloads, as the server sends it.
// Bytes are counted as received, so a server that compresses (issue 25) shows its compressed sizes.
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { precachedUrls } from '../scripts/bundle.ts';

interface Received {
  bytes: number;
  encoding: string;
}

/** GETs `url` as a browser does and counts its body's bytes as they arrive (node:http does not decompress). */
function receivedBody(url: string): Promise<Received> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { 'accept-encoding': 'br, gzip, deflate' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Fetches every precached file from `origin`, one at a time, and sums the bytes received. */
export async function precacheOnTheWire(origin: string, swPath = 'dist/sw.js') {
  const urls = precachedUrls(readFileSync(swPath, 'utf8'));
  const encodings: Record<string, number> = {};
  let bytes = 0;
  for (const url of urls) {
    const received = await receivedBody(new URL(url, `${origin}/`).href);
    bytes += received.bytes;
    encodings[received.encoding] = (encodings[received.encoding] ?? 0) + 1;
  }
  return { entries: urls.length, bytes, kb: Math.round(bytes / 100) / 10, encodings };
}

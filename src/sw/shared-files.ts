// A download shared into the app (issue 33): the service worker keeps the files the share sheet posted,
// the import screen takes them. Each file is one cache entry with its name and type; a new share
// replaces the last. Issue 48: a key is the file's place in the share, never its name, and the name
// kept is its label (src/import/file-name.ts), which the screen shows as text.
import { safeFileName } from '../import/file-name.ts';
import { DEVICE_CACHE } from './device-cache.ts';

const PREFIX = '/__device/shared/';

async function entries(cache: Cache): Promise<Request[]> {
  return (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith(PREFIX));
}

/** Keeps `files` until the import screen takes them. */
export async function keepSharedFiles(files: File[]): Promise<void> {
  const cache = await caches.open(DEVICE_CACHE);
  await Promise.all((await entries(cache)).map((request) => cache.delete(request)));
  await Promise.all(
    files.map((file, index) =>
      cache.put(
        `${PREFIX}${index}`,
        new Response(file, {
          headers: {
            'content-type': file.type || 'application/octet-stream',
            'x-file-name': encodeURIComponent(safeFileName(file.name)),
            'x-file-modified': String(file.lastModified),
          },
        }),
      ),
    ),
  );
}

/** The name kept with a shared file, as a label. */
function nameOf(response: Response): string {
  try {
    return safeFileName(decodeURIComponent(response.headers.get('x-file-name') ?? ''));
  } catch {
    return safeFileName('');
  }
}

/** The files shared last, in the order they came (none when nothing waits). */
export async function sharedFiles(): Promise<File[]> {
  const cache = await caches.open(DEVICE_CACHE);
  const requests = (await entries(cache)).sort((a, b) => a.url.localeCompare(b.url, 'en', { numeric: true }));
  const files: File[] = [];
  for (const request of requests) {
    const response = await cache.match(request);
    if (!response) continue;
    const name = nameOf(response);
    const type = response.headers.get('content-type') ?? '';
    const lastModified = Number(response.headers.get('x-file-modified')) || Date.now();
    files.push(new File([await response.blob()], name, { type, lastModified }));
  }
  return files;
}

/** Forgets the shared files (the import took them). */
export async function forgetSharedFiles(): Promise<void> {
  const cache = await caches.open(DEVICE_CACHE);
  await Promise.all((await entries(cache)).map((request) => cache.delete(request)));
}

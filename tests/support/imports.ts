// Importing a data download in Node tests: the worker's own parse, prepare and upload code, run
// against the real routes through Fastify's inject.
import type { FastifyInstance } from 'fastify';
import { parseDownload } from '../../src/import/download.ts';
import { prepareSnapshot, type UploadOptions, uploadSnapshot } from '../../src/import/upload.ts';
import { type DownloadSpec, makeDownload } from '../fixtures/downloads.ts';

/** fetch over Fastify's inject: the upload code runs unchanged against the real routes. */
export function injectFetch(app: FastifyInstance, fail?: (method: string, url: string) => boolean): typeof fetch {
  return (async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (fail?.(method, input)) throw new TypeError('Failed to fetch');
    const body = init.body instanceof Uint8Array ? Buffer.from(init.body) : (init.body as string | undefined);
    const response = await app.inject({
      method: method as 'GET',
      url: input,
      headers: init.headers as Record<string, string>,
      payload: body,
    });
    return new Response(response.statusCode === 204 ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
    });
  }) as typeof fetch;
}

/** Builds the download `spec` describes and imports it as the user with `token`. */
export async function importDownload(
  app: FastifyInstance,
  spec: DownloadSpec,
  token: string,
  options: Partial<UploadOptions> = {},
) {
  const parsed = await parseDownload(await makeDownload(spec));
  if (!parsed.ok) throw new Error(parsed.problem);
  const prepared = await prepareSnapshot(parsed.value);
  return uploadSnapshot(prepared, {
    token,
    headers: { 'accept-language': 'en' },
    fetch: injectFetch(app),
    retryDelays: [],
    ...options,
  });
}

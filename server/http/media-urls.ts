// Every media URL in an API answer is a signed proxy URL (issue 7, as camo does it): the proxy then
// fetches only what the server itself handed out. One hook rewrites the known media fields.
import type { FastifyInstance } from 'fastify';
import type { MediaSigner } from '../media/sign.ts';

/** The fields of spec §3 that hold a picture or video. */
export const MEDIA_FIELDS = new Set([
  'insta_image_url',
  'post_thumbnail',
  'post_url',
  'insta_post_url',
  'insta_thumbnail',
  'profile_image',
  'thumbnail_image',
  'url',
  'reel',
]);

/** A copy of `value` with each absolute http(s) URL in a media field replaced by its proxy URL. */
export function signMediaFields(value: unknown, signer: MediaSigner): unknown {
  if (Array.isArray(value)) return value.map((item) => signMediaFields(item, signer));
  if (value === null || typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] =
      typeof field === 'string' && MEDIA_FIELDS.has(key) && /^https?:\/\//i.test(field)
        ? signer.proxyUrl(field)
        : signMediaFields(field, signer);
  }
  return out;
}

/** Rewrites the answers of every route in `app` (register it on the /api/v1 plugin). */
export function signMediaInAnswers(app: FastifyInstance, signer: MediaSigner): void {
  app.addHook('preSerialization', async (_request, _reply, payload) => signMediaFields(payload, signer));
}

// Best time to post: the hours of the day that suit the owner's posts, and what they are read from.

import { bestTimeSchema } from '../../common/schema/best-time.ts';
import { call } from './client.ts';

/** GET client/posts/best-time/: per UTC hour, followers online or the owner's posts' engagement. */
export function fetchBestTime(signal?: AbortSignal) {
  return call('client/posts/best-time/', { auth: true, signal, parse: (raw) => bestTimeSchema.parse(raw) });
}

// An upload as the app sends a data download's snapshot (issue 9), made up in Node for tests and
// benches that talk to a started server over HTTP: its declared shape, its gzipped chunks, and the
// requests that open the upload and put every chunk before the commit.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { encodeList, type FollowList } from '../../common/snapshot/snapshot.ts';
import { postJson } from './api.ts';

const WRITTEN_AT = 1_780_000_000;

/** Names as a download holds them: about 13 bytes, half of the following also followers. */
const person = (i: number) => ({ name: `follower_${i.toString(36)}`, at: 1_600_000_000 + i * 97 });

/**
 * The upload the app would send for `followers` + `following` people: its declared shape and gzipped
 * chunks. Followers are the people from `from` on, following from `from + following / 2` on; `writtenAt`
 * is when the network wrote the download (a later import must be written later).
 */
export function snapshotOf(followers: number, following: number, { from = 0, writtenAt = WRITTEN_AT } = {}) {
  const lists: Record<FollowList, Uint8Array[]> = {
    followers: encodeList(
      'followers',
      Array.from({ length: followers }, (_, i) => person(from + i)),
    ),
    following: encodeList(
      'following',
      Array.from({ length: following }, (_, i) => person(from + i + following / 2)),
    ),
  };
  const digest = createHash('sha256');
  for (const chunk of [...lists.followers, ...lists.following]) digest.update(chunk);
  digest.update('[]');
  const meta = {
    digest: digest.digest('hex'),
    owner: null,
    writtenAt,
    followers: { count: followers, chunks: lists.followers.length },
    following: { count: following, chunks: lists.following.length },
    firstFollowAt: 1_600_000_000,
    lastFollowAt: 1_600_000_000 + (from + followers + following) * 97,
    posts: [],
  };
  const gzipped = {
    followers: lists.followers.map((chunk) => gzipSync(chunk)),
    following: lists.following.map((chunk) => gzipSync(chunk)),
  };
  return { meta, gzipped };
}

export type Snapshot = ReturnType<typeof snapshotOf>;

/** Opens the upload of `snapshot` and puts every chunk, as the app does before its commit: the upload's id. */
export async function uploadSnapshot(origin: string, token: string, snapshot: Snapshot): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const opened = await postJson(origin, '/api/v1/client/imports/', snapshot.meta, auth);
  if (!opened.ok) throw new Error(`opening the upload answered ${opened.status}: ${await opened.text()}`);
  const { id } = (await opened.json()) as { id: string };
  for (const list of ['followers', 'following'] as const) {
    for (const [seq, chunk] of snapshot.gzipped[list].entries()) {
      const put = await fetch(`${origin}/api/v1/client/imports/${id}/${list}/${seq}`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/gzip' },
        body: chunk,
      });
      if (put.status !== 204) throw new Error(`chunk ${list}/${seq} answered ${put.status}: ${await put.text()}`);
    }
  }
  return id;
}

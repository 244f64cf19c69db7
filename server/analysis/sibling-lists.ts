// Issue 50 item 5: the download's own lists (pending follow requests, recently unfollowed profiles), read
// a page at a time from the newest import's kept chunks. They are the download's as it wrote them: in id
// order like every list, names only, never diffed.
import type { DownloadListName } from '../../common/lists.ts';
import type { FollowerListItem } from '../../common/schema/lists.ts';
import type { Database } from '../db/client.ts';
import { siblingPeople } from './import-names.ts';
import { latestImport } from './imports.ts';

/** The list's length in the newest import and a reader of its people; undefined when that import has no such list. */
export async function siblingList(db: Database, userId: string, list: DownloadListName) {
  const latest = await latestImport(db, userId);
  const declared = latest?.meta[list];
  if (!latest || !declared) return undefined;
  const held = { analysisId: latest.id, version: latest.meta.siblingsDigest };
  return {
    total: declared.count,
    /** People `from` to `to`, as a list screen shows them. */
    read: async (from: number, to: number): Promise<FollowerListItem[]> =>
      (await siblingPeople(db, held, list, from, Math.min(to, declared.count))).map(({ id, name }) => ({
        insta_id: id,
        insta_username: name,
        insta_full_name: '',
        insta_image_url: '',
      })),
  };
}

/**
 * One page (1-based) of the list and its length; no length when the newest import has no such list
 * (its download had no file of it, or the account no import): unknown, never a 0.
 */
export async function siblingPageWithTotal(
  db: Database,
  userId: string,
  list: DownloadListName,
  page: number,
  size: number,
): Promise<{ total: number | undefined; items: FollowerListItem[] }> {
  const held = await siblingList(db, userId, list);
  if (!held) return { total: undefined, items: [] };
  return { total: held.total, items: await held.read((page - 1) * size, page * size) };
}

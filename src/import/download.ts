// Reads the network's official data download (issue 9): a ZIP, or its unpacked folder, whose
// followers-and-following folder holds followers_N, following and their siblings (src/import/files.ts),
// in JSON or in HTML (issue 21: HTML is what the network preselects). Each list file streams out of the
// archive a chunk at a time into its format's reader, which collects people as columns
// (common/snapshot/people.ts), so neither the archive nor a list file is ever one string, and a million
// followers make no million objects. Runs in the collector worker; plain TypeScript, so Node tests
// run it too.

import { PeopleCollector, type PeopleList } from '../../common/snapshot/people.ts';
import {
  type DownloadFileList,
  type FolderFile,
  type Format,
  folderItem,
  type Item,
  LISTS,
  listOfPath,
  readChunks,
  readSmall,
  withZipItems,
} from './files.ts';
import { HtmlListReader } from './html-list.ts';
import { ownerOfHtml } from './html-owner.ts';
import { JsonListReader } from './json-list.ts';
import { CONTENT_MAX_BYTES, contentOfPath, hasContentFolder, type OwnPost, ownPostsOf } from './posts.ts';

export type { Person } from '../../common/snapshot/people.ts';
export type { FolderFile } from './files.ts';
export { type DownloadFileList, LISTS, listOfPath } from './files.ts';
export type { OwnPost } from './posts.ts';

export interface ParsedDownload {
  /** The account the download belongs to, when its personal information is in it. */
  owner: string | undefined;
  /** When the network wrote the lists (the newest list file's time), Unix seconds; null if unknown. */
  writtenAt: number | null;
  /** Each list merged (one person per name, the earliest follow time) and in id order. */
  lists: Record<DownloadFileList, PeopleList>;
  /**
   * Issue 50 item 5: the lists the download has a file of. A list without one is empty in `lists` but
   * unknown, not "nobody": the import says so instead of a 0 no source said.
   */
  present: DownloadFileList[];
  /** The owner's posts and reels (no likes, comments or views: a download has none). */
  posts: OwnPost[];
  /** Issue 51: the download holds its content folder (posts were asked for): no posts is then a real 0. */
  postsIncluded?: boolean;
  /** Issue 50: how finely the followers' follow times are given: HTML pages write minutes. */
  followTimes: 'seconds' | 'minutes';
  /** Issue 50: per list, entries that look like people but give no readable name (left out). */
  leftOut: Partial<Record<DownloadFileList, number>>;
}

export type DownloadProblem =
  /** Issue 51: not a ZIP at all (a photo, a PDF): its first bytes say so. */
  | 'notAZip'
  /** A ZIP that is broken or cut short. */
  | 'corrupt'
  /** A ZIP, but not the network's download (no followers and following folder). */
  | 'notADownload'
  /**
   * Issue 50: no followers list, or one read as nobody while following has people: a download asked
   * for without "Followers and following", or in a shape we cannot read, never "0 followers".
   */
  | 'noFollowers';

export type ParseResult = { ok: true; value: ParsedDownload } | { ok: false; problem: DownloadProblem };

const PERSONAL = /(?:^|\/)personal_information\/(?:personal_information\/)?personal_information\.(json|html)$/;
/** A personal information page is a few kilobytes; anything far bigger is not one. */
const PERSONAL_MAX_BYTES = 4 * 1024 * 1024;

/** A list file's reader for its format. */
function readerFor(
  format: Format,
  people: PeopleCollector,
): { write(chunk: Uint8Array): void; end(): void; readonly unreadable: number } {
  return format === 'json' ? new JsonListReader(people) : new HtmlListReader(people);
}

/**
 * Reads a download, a ZIP or the files of its unpacked folder; `onProgress` gets the bytes read so far
 * and the total to read.
 */
export async function parseDownload(
  archive: Blob | FolderFile[],
  onProgress?: (done: number, total: number) => void,
): Promise<ParseResult> {
  if (!(archive instanceof Blob)) return parseItems(archive.map(folderItem), onProgress);
  if (!(await startsAsZip(archive))) return { ok: false, problem: 'notAZip' };
  return (await withZipItems(archive, (items) => parseItems(items, onProgress))) ?? { ok: false, problem: 'corrupt' };
}

/**
 * Whether a file begins as a ZIP does: a local file header (PK\x03\x04), or the end record of an empty
 * archive (PK\x05\x06). A ZIP cut short still begins so, and is damaged rather than something else.
 */
async function startsAsZip(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
}

async function parseItems(files: Item[], onProgress?: (done: number, total: number) => void): Promise<ParseResult> {
  try {
    const wanted = files
      .map((item) => ({ item, kind: listOfPath(item.path) }))
      .filter((file): file is { item: Item; kind: NonNullable<typeof file.kind> } => file.kind !== undefined);
    // Each list is read once, from one format: JSON when the download has that list in JSON (its
    // times are exact), else HTML. A ZIP holding both (two downloads unpacked together) counts no one twice.
    const hasJson = new Set(wanted.filter((file) => file.kind.format === 'json').map((file) => file.kind.list));
    const read = wanted.filter((file) => file.kind.format === (hasJson.has(file.kind.list) ? 'json' : 'html'));
    if (read.length === 0) return { ok: false, problem: 'notADownload' };

    // The owner first: another account's download is refused before its lists are read.
    const owner = await ownerIn(files);
    const total = read.reduce((sum, file) => sum + file.item.size, 0);
    let done = 0;
    const lists = {} as Record<DownloadFileList, PeopleList>;
    const leftOut: Partial<Record<DownloadFileList, number>> = {};
    // One list at a time: its collector is merged before the next list is read.
    for (const list of LISTS) {
      const people = new PeopleCollector();
      for (const { item, kind } of read.filter((file) => file.kind.list === list)) {
        const reader = readerFor(kind.format, people);
        await readChunks(item, (chunk) => reader.write(chunk));
        // A file cut short ends mid-value (JSON) or before </html> (HTML): end() says so.
        reader.end();
        if (reader.unreadable > 0) leftOut[list] = (leftOut[list] ?? 0) + reader.unreadable;
        done += item.size;
        onProgress?.(done, total);
      }
      lists[list] = people.finish();
    }
    const hasFollowers = read.some((file) => file.kind.list === 'followers');
    if (!hasFollowers || (lists.followers.count === 0 && lists.following.count > 0))
      return { ok: false, problem: 'noFollowers' };
    const posts: OwnPost[] = [];
    for (const item of files) {
      const content = contentOfPath(item.path);
      if (!content || item.size > CONTENT_MAX_BYTES) continue;
      posts.push(...ownPostsOf(await readJson(item), content === 'reels'));
    }
    posts.sort((a, b) => a.at - b.at);
    const times = read.map((file) => file.item.writtenAt).filter((time): time is number => time !== null);
    const writtenAt = times.length ? Math.max(...times) : null;
    const followTimes = read.some((file) => file.kind.list === 'followers' && file.kind.format === 'html')
      ? 'minutes'
      : 'seconds';
    const postsIncluded = hasContentFolder(files.map((item) => item.path));
    const present = LISTS.filter((list) => read.some((file) => file.kind.list === list));
    return { ok: true, value: { owner, writtenAt, lists, present, posts, postsIncluded, leftOut, followTimes } };
  } catch {
    return { ok: false, problem: 'corrupt' };
  }
}

/** A small JSON file of the download, parsed; undefined when it is not JSON. */
async function readJson(item: Item): Promise<unknown> {
  try {
    return JSON.parse(new TextDecoder().decode(await readSmall(item)));
  } catch {
    return undefined;
  }
}

/** The owner's username from personal_information.json (or .html in an HTML download), if it has one. */
async function ownerIn(files: Item[]): Promise<string | undefined> {
  const pages = files.filter((item) => PERSONAL.test(item.path) && item.size <= PERSONAL_MAX_BYTES);
  const json = pages.find((item) => item.path.endsWith('.json'));
  if (json) return ownerOfJson(await readJson(json));
  const html = pages[0];
  return html ? ownerOfHtml(await readSmall(html)) : undefined;
}

function ownerOfJson(data: unknown): string | undefined {
  const value = (data as { profile_user?: Array<{ string_map_data?: { Username?: { value?: unknown } } }> })
    ?.profile_user?.[0]?.string_map_data?.Username?.value;
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : undefined;
}

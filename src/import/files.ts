// The files of a data download, from a ZIP or from its unpacked folder, and which list each holds.
// `connections/followers_and_following/` (older downloads: `followers_and_following/` at the root)
// holds followers_N, following and their siblings, as .json or .html as the owner asked. Downloads
// before 2023 named the followers file `followers.json` (no `_1`; Androz2091/instaddict #6), so any
// `followers` or `followers_N` file is the followers list.
import { BlobReader, configure, type Entry, type FileEntry, ZipReader } from '@zip.js/zip.js';
import { downloadListNames } from '../../common/lists.ts';

// Already in a worker: no further workers, and the platform's DecompressionStream.
configure({ useWebWorkers: false });

export const LISTS = [
  'followers',
  'following',
  // Issue 50 item 5: each named as its file is (recently_unfollowed_profiles, pending_follow_requests),
  // one name from here to the screen (common/lists.ts).
  'recentlyUnfollowedProfiles',
  'pendingFollowRequests',
  'closeFriends',
  'blocked',
  'restricted',
] as const;
export type DownloadFileList = (typeof LISTS)[number];
export type Format = 'json' | 'html';

const FILES: Array<[RegExp, DownloadFileList]> = [
  [/^followers(?:_\d+)?\.(json|html)$/, 'followers'],
  [/^following\.(json|html)$/, 'following'],
  [/^recently_unfollowed_profiles\.(json|html)$/, 'recentlyUnfollowedProfiles'],
  [/^pending_follow_requests\.(json|html)$/, 'pendingFollowRequests'],
  [/^close_friends\.(json|html)$/, 'closeFriends'],
  [/^blocked_profiles\.(json|html)$/, 'blocked'],
  [/^restricted_profiles\.(json|html)$/, 'restricted'],
];
const FOLDER = /(?:^|\/)(?:connections\/)?followers_and_following\/([^/]+)$/;

/** Which list a path in the archive holds, and whether it is the JSON or the HTML variant. */
export function listOfPath(path: string): { list: DownloadFileList; format: Format } | undefined {
  const file = FOLDER.exec(path)?.[1];
  if (!file) return undefined;
  for (const [pattern, list] of FILES) {
    const match = pattern.exec(file);
    if (match) return { list, format: match[1] as Format };
  }
  return undefined;
}

/** A file of the download, from a ZIP entry or a picked folder. */
export interface Item {
  path: string;
  size: number;
  /** Unix seconds, or null. */
  writtenAt: number | null;
  read(sink: WritableStream<Uint8Array>): Promise<unknown>;
}

/** A file of a picked folder: its path inside the folder (`webkitRelativePath`) and its contents. */
export interface FolderFile {
  path: string;
  file: File;
}

function zipItem(entry: FileEntry): Item {
  const time = entry.lastModDate?.getTime();
  return {
    path: entry.filename,
    size: entry.compressedSize,
    writtenAt: time && Number.isFinite(time) ? Math.floor(time / 1000) : null,
    read: (sink) => entry.getData(sink),
  };
}

export function folderItem({ path, file }: FolderFile): Item {
  return {
    path,
    size: file.size,
    writtenAt: file.lastModified ? Math.floor(file.lastModified / 1000) : null,
    read: (sink) => file.stream().pipeTo(sink),
  };
}

/**
 * Opens a ZIP from its central directory (the archive is never loaded whole) and hands its files to
 * `use`; null when it is not a ZIP or is broken.
 */
export async function withZipItems<T>(archive: Blob, use: (items: Item[]) => Promise<T>): Promise<T | null> {
  const reader = new ZipReader(new BlobReader(archive));
  let entries: Entry[];
  try {
    entries = await reader.getEntries();
  } catch {
    return null;
  }
  try {
    return await use(entries.filter((entry): entry is FileEntry => !entry.directory).map(zipItem));
  } finally {
    await reader.close().catch(() => undefined);
  }
}

/** Streams a file's bytes into `take`, a chunk at a time. */
export function readChunks(item: Item, take: (chunk: Uint8Array) => void): Promise<unknown> {
  return item.read(new WritableStream<Uint8Array>({ write: take }));
}

/** A small file's bytes, whole: only for files known to be small (personal information, posts). */
export async function readSmall(item: Item): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await readChunks(item, (chunk) => void chunks.push(chunk));
  return new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer());
}

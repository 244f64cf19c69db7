// Reads the network's official data download (issue 9): a ZIP whose
// `connections/followers_and_following/` (older: `followers_and_following/` at the root) holds
// followers_N.json, following.json and their siblings. Entries are streamed out of the archive and
// through a streaming JSON parser one at a time, so neither the archive nor a whole list file is
// ever held as one string. Runs in the collector worker; plain TypeScript, so Node tests run it too.
import { JSONParser } from '@streamparser/json';
import { BlobReader, configure, type Entry, type FileEntry, ZipReader } from '@zip.js/zip.js';

// Already in a worker: no further workers, and the platform's DecompressionStream.
configure({ useWebWorkers: false });

/** One person of a list: their username (lowercase) and when the relation started (Unix seconds). */
export interface Person {
  name: string;
  at: number | null;
}

export const LISTS = [
  'followers',
  'following',
  'unfollowed',
  'pending',
  'closeFriends',
  'blocked',
  'restricted',
] as const;
export type ListName = (typeof LISTS)[number];

/** One of the owner's own posts or reels, as far as a download tells: when, what, how many items. */
export interface OwnPost {
  /** Unix seconds. */
  at: number;
  video: boolean;
  /** Items in the post (a carousel has several). */
  items: number;
  reel: boolean;
}

export interface ParsedDownload {
  /** The account the download belongs to, when its personal information is in it. */
  owner: string | undefined;
  /** When the network wrote the lists (the newest list file's time), Unix seconds; null if unknown. */
  writtenAt: number | null;
  lists: Record<ListName, Person[]>;
  /** The owner's posts and reels (no likes, comments or views: a download has none). */
  posts: OwnPost[];
}

export type DownloadProblem =
  /** Not a ZIP at all, or one that is broken. */
  | 'corrupt'
  /** A ZIP, but not the network's download (no followers and following folder). */
  | 'notADownload'
  /** The download was asked for in HTML: it must be asked for again in JSON. */
  | 'htmlFormat';

export type ParseResult = { ok: true; value: ParsedDownload } | { ok: false; problem: DownloadProblem };

const FILES: Array<[RegExp, ListName]> = [
  [/^followers_\d+\.(json|html)$/, 'followers'],
  [/^following\.(json|html)$/, 'following'],
  [/^recently_unfollowed_profiles\.(json|html)$/, 'unfollowed'],
  [/^pending_follow_requests\.(json|html)$/, 'pending'],
  [/^close_friends\.(json|html)$/, 'closeFriends'],
  [/^blocked_profiles\.(json|html)$/, 'blocked'],
  [/^restricted_profiles\.(json|html)$/, 'restricted'],
];
const FOLDER = /(?:^|\/)(?:connections\/)?followers_and_following\/([^/]+)$/;
/** The owner's content: content/posts_N.json and content/reels.json (newer downloads nest content/ in your_instagram_activity/). */
const CONTENT = /(?:^|\/)content\/(posts_\d+|reels)\.json$/;
/** A list of posts is small (thousands of entries); a file bigger than this is not one. */
const CONTENT_MAX_BYTES = 64 * 1024 * 1024;
const PERSONAL = /(?:^|\/)personal_information\/(?:personal_information\/)?personal_information\.json$/;

/** Which list a path in the archive holds, and whether it is the JSON or the HTML variant. */
export function listOfPath(path: string): { list: ListName; format: 'json' | 'html' } | undefined {
  const file = FOLDER.exec(path)?.[1];
  if (!file) return undefined;
  for (const [pattern, list] of FILES) {
    const match = pattern.exec(file);
    if (match) return { list, format: match[1] as 'json' | 'html' };
  }
  return undefined;
}

interface RawEntry {
  title?: unknown;
  string_list_data?: Array<{ href?: unknown; value?: unknown; timestamp?: unknown }>;
}

/** The person an entry names: `title`, else `value`, else the last segment of `href` without `_u/`. */
export function personOf(entry: RawEntry): Person | undefined {
  const data = Array.isArray(entry.string_list_data) ? entry.string_list_data[0] : undefined;
  const fromHref = () => {
    if (typeof data?.href !== 'string') return '';
    try {
      const parts = new URL(data.href).pathname.split('/').filter((part) => part && part !== '_u');
      return parts.at(-1) ?? '';
    } catch {
      return '';
    }
  };
  const name = (
    (typeof entry.title === 'string' && entry.title.trim()) ||
    (typeof data?.value === 'string' && data.value.trim()) ||
    fromHref()
  ).toLowerCase();
  if (!name) return undefined;
  const at = typeof data?.timestamp === 'number' && Number.isFinite(data.timestamp) ? data.timestamp : null;
  return { name, at };
}

/** A file of the download, from a ZIP entry or a picked folder. */
interface Item {
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

function folderItem({ path, file }: FolderFile): Item {
  return {
    path,
    size: file.size,
    writtenAt: file.lastModified ? Math.floor(file.lastModified / 1000) : null,
    read: (sink) => file.stream().pipeTo(sink),
  };
}

/** Streams one list file's entries (a top-level array, or an object wrapping arrays) into `take`. */
async function readList(entry: Item, take: (person: Person) => void): Promise<void> {
  let parser: JSONParser | undefined;
  let failure: unknown;
  const decoder = new TextDecoder();
  const sink = new WritableStream<Uint8Array>({
    write(chunk) {
      const text = decoder.decode(chunk, { stream: true });
      if (!parser) {
        const first = text.trimStart()[0];
        if (!first) return;
        // [entry, …] in newer downloads; {"relationships_followers": [entry, …]} in older ones.
        parser = new JSONParser({ paths: [first === '[' ? '$.*' : '$.*.*'], keepStack: false });
        parser.onValue = ({ value }) => {
          if (value && typeof value === 'object' && !Array.isArray(value)) {
            const person = personOf(value as RawEntry);
            if (person) take(person);
          }
        };
        parser.onError = (error) => {
          failure = error;
        };
      }
      parser.write(text);
      if (failure) throw failure;
    },
  });
  await entry.read(sink);
  // A file cut short ends mid-value: end() says so.
  if (parser && !parser.isEnded) parser.end();
  if (failure) throw failure;
}

/**
 * Keeps one row per name (the earliest follow time), sorted by name: order and repeats do not matter.
 * Sorts `people` in place and reuses its rows, so a million followers are not copied.
 */
export function mergePeople(people: Person[]): Person[] {
  people.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  let kept = 0;
  for (const person of people) {
    const last = kept > 0 ? (people[kept - 1] as Person) : undefined;
    if (last?.name !== person.name) {
      people[kept++] = person;
    } else if (person.at !== null && (last.at === null || person.at < last.at)) {
      people[kept - 1] = { name: last.name, at: person.at };
    }
  }
  people.length = kept;
  return people;
}

/** A small JSON file of the download, parsed; undefined when it is not JSON. */
async function readJson(entry: Item): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  await entry.read(
    new WritableStream<Uint8Array>({
      write(chunk) {
        chunks.push(chunk);
      },
    }),
  );
  try {
    return JSON.parse(new TextDecoder().decode(await new Blob(chunks as BlobPart[]).arrayBuffer()));
  } catch {
    return undefined;
  }
}

const VIDEO = /\.(mp4|mov|m4v|webm)$/i;

/**
 * The owner's posts from content/posts_N.json (an array of `{media: [{uri, creation_timestamp}],
 * creation_timestamp?}`, or an object wrapping one) and reels from content/reels.json
 * (`{ig_reels_media: [{media: [...]}]}`).
 */
export function ownPostsOf(data: unknown, reel: boolean): OwnPost[] {
  const entries = Array.isArray(data)
    ? data
    : data && typeof data === 'object'
      ? (Object.values(data).find(Array.isArray) ?? [])
      : [];
  const posts: OwnPost[] = [];
  for (const entry of entries as Array<{ media?: unknown; creation_timestamp?: unknown }>) {
    const media = Array.isArray(entry?.media)
      ? (entry.media as Array<{ uri?: unknown; creation_timestamp?: unknown }>)
      : [];
    if (media.length === 0) continue;
    const at = [entry.creation_timestamp, ...media.map((item) => item?.creation_timestamp)].find(
      (value): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0,
    );
    if (at === undefined) continue;
    const video = reel || media.some((item) => typeof item?.uri === 'string' && VIDEO.test(item.uri));
    posts.push({ at: Math.floor(at), video, items: Math.min(media.length, 100), reel });
  }
  return posts;
}

/** The owner's username from personal_information.json, if it has one. */
async function ownerOf(entry: Item): Promise<string | undefined> {
  const data = (await readJson(entry)) as
    | { profile_user?: Array<{ string_map_data?: { Username?: { value?: unknown } } }> }
    | undefined;
  const value = data?.profile_user?.[0]?.string_map_data?.Username?.value;
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : undefined;
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
  const reader = new ZipReader(new BlobReader(archive));
  let entries: Entry[];
  try {
    entries = await reader.getEntries();
  } catch {
    return { ok: false, problem: 'corrupt' };
  }
  try {
    const files = entries.filter((entry): entry is FileEntry => !entry.directory);
    return await parseItems(files.map(zipItem), onProgress);
  } finally {
    await reader.close().catch(() => undefined);
  }
}

async function parseItems(files: Item[], onProgress?: (done: number, total: number) => void): Promise<ParseResult> {
  try {
    const wanted = files
      .map((entry) => ({ entry, kind: listOfPath(entry.path) }))
      .filter((item): item is { entry: Item; kind: NonNullable<typeof item.kind> } => item.kind !== undefined);
    const json = wanted.filter((item) => item.kind.format === 'json');
    if (json.length === 0) return { ok: false, problem: wanted.length ? 'htmlFormat' : 'notADownload' };

    const total = json.reduce((sum, item) => sum + item.entry.size, 0);
    let done = 0;
    const collected = Object.fromEntries(LISTS.map((list) => [list, [] as Person[]])) as Record<ListName, Person[]>;
    for (const { entry, kind } of json) {
      await readList(entry, (person) => collected[kind.list].push(person));
      done += entry.size;
      onProgress?.(done, total);
    }
    const personal = files.find((entry) => PERSONAL.test(entry.path));
    const owner = personal ? await ownerOf(personal) : undefined;
    const lists = Object.fromEntries(LISTS.map((list) => [list, mergePeople(collected[list])])) as Record<
      ListName,
      Person[]
    >;
    const posts: OwnPost[] = [];
    for (const entry of files) {
      const content = CONTENT.exec(entry.path)?.[1];
      if (!content || entry.size > CONTENT_MAX_BYTES) continue;
      posts.push(...ownPostsOf(await readJson(entry), content === 'reels'));
    }
    posts.sort((a, b) => a.at - b.at);
    const times = json.map((item) => item.entry.writtenAt).filter((time): time is number => time !== null);
    const writtenAt = times.length ? Math.max(...times) : null;
    return { ok: true, value: { owner, writtenAt, lists, posts } };
  } catch {
    return { ok: false, problem: 'corrupt' };
  }
}

// The two ways of reading a data download that the import benchmark compares, in Node and in
// Chromium's worker alike:
//   streaming:  the app's way (src/import): each list file streamed through its scanner into columns, then the
//               compact snapshot (ids, chunks, digest) the upload sends.
//   whole-file: the baseline a first attempt would write: each list file read into one string and
//               JSON.parse'd, then the same merge and snapshot.
import { BlobReader, configure, type FileEntry, TextWriter, ZipReader } from '@zip.js/zip.js';
import { PeopleCollector, type PeopleList } from '../common/snapshot/people.ts';
import { type ParsedDownload, parseDownload } from '../src/import/download.ts';
import { type DownloadFileList, LISTS, listOfPath } from '../src/import/files.ts';
import { nameFromHref, normalName } from '../src/import/names.ts';
import { prepareSnapshot } from '../src/import/upload.ts';

export type ImportWay = 'streaming' | 'whole-file';

configure({ useWebWorkers: false });

interface RawEntry {
  title?: unknown;
  string_list_data?: Array<{ href?: unknown; value?: unknown; timestamp?: unknown }>;
}

/** An entry's name and time as the app reads them: title, else value, else the link. */
function addEntry(people: PeopleCollector, entry: RawEntry): void {
  const data = Array.isArray(entry?.string_list_data) ? entry.string_list_data[0] : undefined;
  const name =
    (typeof entry?.title === 'string' && normalName(entry.title)) ||
    (typeof data?.value === 'string' && normalName(data.value)) ||
    (typeof data?.href === 'string' && nameFromHref(data.href)) ||
    '';
  people.add(name, typeof data?.timestamp === 'number' ? data.timestamp : 0);
}

async function wholeFile(blob: Blob): Promise<ParsedDownload> {
  const reader = new ZipReader(new BlobReader(blob));
  const collected = Object.fromEntries(LISTS.map((list) => [list, new PeopleCollector()])) as Record<
    DownloadFileList,
    PeopleCollector
  >;
  for (const entry of await reader.getEntries()) {
    const kind = listOfPath(entry.filename);
    if (entry.directory || !kind || kind.format !== 'json') continue;
    const parsed = JSON.parse(await (entry as FileEntry).getData(new TextWriter())) as unknown;
    const items = Array.isArray(parsed) ? parsed : Object.values(parsed as object).flat();
    for (const item of items) addEntry(collected[kind.list], item as RawEntry);
  }
  await reader.close();
  const lists = Object.fromEntries(LISTS.map((list) => [list, collected[list].finish()])) as Record<
    DownloadFileList,
    PeopleList
  >;
  return {
    owner: undefined,
    writtenAt: null,
    lists,
    present: ['followers', 'following'],
    posts: [],
    leftOut: {},
    followTimes: 'seconds',
  };
}

/** Reads the download one way and builds the upload's snapshot; the time is the whole of it. */
export async function importOneWay(archive: Blob, way: ImportWay) {
  const start = performance.now();
  let download: ParsedDownload;
  if (way === 'streaming') {
    const parsed = await parseDownload(archive);
    if (!parsed.ok) throw new Error(parsed.problem);
    download = parsed.value;
  } else {
    download = await wholeFile(archive);
  }
  const snapshot = await prepareSnapshot(download);
  const ms = performance.now() - start;
  return {
    way,
    followers: snapshot.meta.followers.count,
    following: snapshot.meta.following.count,
    ms: Math.round(ms),
    followers_per_s: Math.round(snapshot.meta.followers.count / (ms / 1000)),
  };
}

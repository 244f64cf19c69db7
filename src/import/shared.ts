// What another app hands over (issue 33: the share sheet, or the installed app opening a file): the
// download's ZIP, or some of its files unpacked (a list's JSON or HTML, the personal information), as
// the reader takes them. Loose files are placed where the download's folder keeps them.
// Issue 48: a name is the sender's choice, so it never makes a path. Only the download's own file names
// (letters, digits and underscores, then .json or .html) are placed in its folder; any other file gets a
// path of its own, by its place in the share, where the reader finds no list in it.

import type { FolderFile } from './download.ts';
import { safeFileName } from './file-name.ts';

const isZip = (file: File) => /\.zip$/i.test(file.name) || /zip/.test(file.type);
/** A file name the download itself uses: nothing that could climb out of its folder. */
const DOWNLOAD_FILE = /^[a-z0-9_]+\.(?:json|html)$/i;

/** Where a loose file of the download lives in its folder, by its name; the `index`th one shared. */
function folderPath(name: string, index: number): string {
  if (!DOWNLOAD_FILE.test(name)) return `shared/${index}`;
  if (/^personal_information\.(json|html)$/i.test(name)) return `personal_information/personal_information/${name}`;
  if (/^(posts_\d+|reels)\.json$/i.test(name)) return `your_instagram_activity/content/${name}`;
  return `connections/followers_and_following/${name}`;
}

/** The import's input for files handed over: the ZIP (the first, if several), or the loose files as a folder. */
export function downloadOf(files: File[]): { label: string; input: Blob | FolderFile[] } | undefined {
  const zip = files.find(isZip);
  if (zip) return { label: safeFileName(zip.name), input: zip };
  if (files.length === 0) return undefined;
  return {
    label: files.map((file) => safeFileName(file.name)).join(', '),
    input: files.map((file, index) => ({ path: folderPath(file.name, index), file })),
  };
}

// What another app hands over (issue 33: the share sheet, or the installed app opening a file): the
// download's ZIP, or some of its files unpacked (a list's JSON or HTML, the personal information), as
// the reader takes them. Loose files are placed where the download's folder keeps them.
import type { FolderFile } from './download.ts';

const isZip = (file: File) => /\.zip$/i.test(file.name) || /zip/.test(file.type);

/** Where a loose file of the download lives in its folder, by its name. */
function folderPath(name: string): string {
  if (/^personal_information\.(json|html)$/i.test(name)) return `personal_information/personal_information/${name}`;
  if (/^(posts_\d+|reels)\.json$/i.test(name)) return `your_instagram_activity/content/${name}`;
  return `connections/followers_and_following/${name}`;
}

/** The import's input for files handed over: the ZIP (the first, if several), or the loose files as a folder. */
export function downloadOf(files: File[]): { label: string; input: Blob | FolderFile[] } | undefined {
  const zip = files.find(isZip);
  if (zip) return { label: zip.name, input: zip };
  if (files.length === 0) return undefined;
  return {
    label: files.map((file) => file.name).join(', '),
    input: files.map((file) => ({ path: folderPath(file.name), file })),
  };
}

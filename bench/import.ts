// The data-download import (issues 9, 19, 21) on a 1,000,000-follower download of about 300 MB (the
// lists plus media the import never opens), in Chromium's worker as the app runs it: the app's
// streaming way on the JSON download and on the same download in HTML, against a whole-file baseline,
// each run in a browser of its own so its peak memory is its own.
import { createWriteStream, mkdirSync, statSync } from 'node:fs';
import { Writable } from 'node:stream';
import { TextReader, Uint8ArrayReader, ZipWriter } from '@zip.js/zip.js';
import { entry, type Follow } from '../tests/fixtures/downloads.ts';
import { HTML_PAGE_END, htmlEntry, htmlPage, htmlPageStart } from '../tests/fixtures/html-pages.ts';
import { benchBrowserImport, buildBenchPage } from './browser.ts';
import type { ImportWay } from './import-ways.ts';

const DIR = new URL('./tmp/', import.meta.url);
const MEDIA_MB = 290;

/** The i-th follower: a follow every 97 seconds back over three years, so no two share a minute. */
const follower = (i: number): Follow => ({ name: `follower_${i.toString(36)}`, at: 1_600_000_000 + i * 97 });

/** A list page's bytes as a stream, a batch of entries at a time: 300 MB of HTML is never one string. */
function htmlStream(title: string, count: number, entryOf: (i: number) => string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    start: (controller) => controller.enqueue(encoder.encode(htmlPageStart(title))),
    pull(controller) {
      const batch: string[] = [];
      for (const end = Math.min(count, next + 10_000); next < end; next++) batch.push(entryOf(next));
      controller.enqueue(encoder.encode(batch.join('')));
      if (next === count) {
        controller.enqueue(encoder.encode(HTML_PAGE_END));
        controller.close();
      }
    },
  });
}

/**
 * Writes the download to disk, a file at a time, and returns its path. All followers are in one list
 * file (followers_1), entries as the network writes them: one big file costs a reader the most memory.
 */
async function writeDownload(followers: number, format: 'json' | 'html'): Promise<string> {
  mkdirSync(DIR, { recursive: true });
  const path = new URL(`download-${followers}-${format}.zip`, DIR).pathname;
  const out = Writable.toWeb(createWriteStream(path)) as WritableStream<Uint8Array>;
  const zip = new ZipWriter(out);
  const base = 'connections/followers_and_following/';
  const following = Array.from({ length: 2_000 }, (_, i) => follower(i * 7));
  if (format === 'json') {
    const part = Array.from({ length: followers }, (_, i) => JSON.stringify(entry(follower(i))));
    await zip.add(`${base}followers_1.json`, new TextReader(`[${part.join(',')}]`));
    const wrapped = { relationships_following: following.map((follow) => entry(follow, 'title')) };
    await zip.add(`${base}following.json`, new TextReader(JSON.stringify(wrapped)));
  } else {
    await zip.add(
      `${base}followers_1.html`,
      htmlStream('Followers', followers, (i) => htmlEntry(follower(i))),
    );
    const page = htmlPage(
      'Following',
      following.map((follow) => htmlEntry(follow, 'title')),
    );
    await zip.add(`${base}following.html`, new TextReader(page));
  }
  // Photos and videos: stored as they are (media does not compress), never read by the import.
  const media = new Uint8Array(1_048_576);
  for (let i = 0; i < media.length; i++) media[i] = (i * 2654435761) >>> 24;
  for (let i = 0; i < MEDIA_MB; i++) {
    await zip.add(`media/posts/2024/photo_${i}.jpg`, new Uint8ArrayReader(media), { level: 0 });
  }
  await zip.close();
  return path;
}

/** How many runs of each way, each in a browser of its own: GC timing makes one run's peak noisy. */
const RUNS = 3;

/** Runs one way RUNS times: the median run by time, the median peak, and every run's figures. */
async function medianOf(path: string, way: ImportWay) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await benchBrowserImport(path, way));
  const middle = <T>(values: T[], key: (value: T) => number) =>
    [...values].sort((a, b) => key(a) - key(b))[Math.floor(values.length / 2)] as T;
  return {
    ...middle(runs, (run) => run.ms),
    peak_mb: middle(runs, (run) => run.peak_mb).peak_mb,
    runs: runs.map((run) => ({ followers_per_s: run.followers_per_s, peak_mb: run.peak_mb })),
  };
}

export async function benchImport(followers: number) {
  const json = await writeDownload(followers, 'json');
  const html = await writeDownload(followers, 'html');
  const streaming = await medianOf(json, 'streaming');
  const fromHtml = await medianOf(html, 'streaming');
  const whole = await medianOf(json, 'whole-file');
  const megabytes = (path: string) => Math.round(statSync(path).size / 1_048_576);
  return {
    measured_at: new Date().toISOString(),
    followers: streaming.followers,
    download_mb: megabytes(json),
    followers_per_s: streaming.followers_per_s,
    /** The page's renderer process (the worker runs in it): its peak resident memory above where it was. */
    peak_mb: streaming.peak_mb,
    ms: streaming.ms,
    runs: streaming.runs,
    /** The same followers and following in the HTML download (the network's default format). */
    html: {
      download_mb: megabytes(html),
      followers_per_s: fromHtml.followers_per_s,
      peak_mb: fromHtml.peak_mb,
      ms: fromHtml.ms,
      runs: fromHtml.runs,
    },
    whole_file_baseline: whole,
    /** How many times less memory than reading each file whole. */
    memory_ratio: Math.round((whole.peak_mb / streaming.peak_mb) * 100) / 100,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildBenchPage();
  console.log(await benchImport(Number(process.argv[2] ?? 1_000_000)));
}

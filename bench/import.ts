// The data-download import (issue 9) on a 1,000,000-follower download of about 300 MB (the lists
// plus media the import never opens), in Chromium's worker as the app runs it: the app's streaming
// way against a whole-file baseline, each run in a browser of its own so its peak memory is its own.
import { createWriteStream, mkdirSync, statSync } from 'node:fs';
import { Writable } from 'node:stream';
import { TextReader, Uint8ArrayReader, ZipWriter } from '@zip.js/zip.js';
import { entry } from '../tests/fixtures/downloads.ts';
import { benchBrowserImport, buildBenchPage } from './browser.ts';
import type { ImportWay } from './import-ways.ts';

const DIR = new URL('./tmp/', import.meta.url);
const MEDIA_MB = 290;
const PER_FILE = 1_000_000;

/** Writes the download to disk, a file at a time, and returns its path. */
async function writeDownload(followers: number): Promise<string> {
  mkdirSync(DIR, { recursive: true });
  const path = new URL(`download-${followers}.zip`, DIR).pathname;
  const out = Writable.toWeb(createWriteStream(path)) as WritableStream<Uint8Array>;
  const zip = new ZipWriter(out);
  const base = 'connections/followers_and_following/';
  const at = 1_600_000_000;
  // All followers in followers_1.json, entries as the network writes them: one big list file is the
  // case that costs a reader the most memory.
  for (let file = 0; file * PER_FILE < followers; file++) {
    const part: string[] = [];
    for (let i = file * PER_FILE; i < Math.min(followers, (file + 1) * PER_FILE); i++) {
      part.push(JSON.stringify(entry({ name: `follower_${i.toString(36)}`, at: at + i })));
    }
    await zip.add(`${base}followers_${file + 1}.json`, new TextReader(`[${part.join(',')}]`));
  }
  const following = Array.from({ length: 2_000 }, (_, i) =>
    entry({ name: `follower_${(i * 7).toString(36)}`, at }, 'title'),
  );
  await zip.add(`${base}following.json`, new TextReader(JSON.stringify({ relationships_following: following })));
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
  const path = await writeDownload(followers);
  const streaming = await medianOf(path, 'streaming');
  const whole = await medianOf(path, 'whole-file');
  return {
    measured_at: new Date().toISOString(),
    followers: streaming.followers,
    download_mb: Math.round(statSync(path).size / 1_048_576),
    followers_per_s: streaming.followers_per_s,
    /** The page's renderer process (the worker runs in it): its peak resident memory above where it was. */
    peak_mb: streaming.peak_mb,
    ms: streaming.ms,
    runs: streaming.runs,
    whole_file_baseline: whole,
    /** How many times less memory than reading each file whole. */
    memory_ratio: Math.round((whole.peak_mb / streaming.peak_mb) * 100) / 100,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildBenchPage();
  console.log(await benchImport(Number(process.argv[2] ?? 1_000_000)));
}

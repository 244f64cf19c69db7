// The browser benchmarks' page: IndexedDB through Dexie on the main thread, as the app uses it,
// and the diff in a worker, as the app's collector runs it.
import { wrap } from 'comlink';
import Dexie, { type Table } from 'dexie';
import type { ExportWay } from '../export-ways.ts';
import type { ImportWay } from '../import-ways.ts';
import { round2 } from '../inputs.ts';
import type { DiffWorker } from './diff.worker.ts';
import type { ExportWorker } from './export.worker.ts';
import type { ImportWorker } from './import.worker.ts';

interface SnapshotRow {
  id: string;
  ids: BigUint64Array;
}
interface Row {
  list: string;
  idx: number;
  insta_id: string;
  insta_username: string;
  insta_full_name: string;
  insta_image_url: string;
}

class BenchDb extends Dexie {
  snapshots!: Table<SnapshotRow, string>;
  rows!: Table<Row, [string, number]>;
  constructor() {
    super('followscope-bench');
    this.version(1).stores({ snapshots: 'id', rows: '[list+idx]' });
  }
}

/** Async median (IndexedDB calls are asynchronous). */
async function medianAsync(runs: number, task: () => Promise<unknown>): Promise<number> {
  await task();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

async function dexie(snapshotIds: number, rowCount: number) {
  await Dexie.delete('followscope-bench');
  const db = new BenchDb();
  const ids = new BigUint64Array(snapshotIds).map((_, i) => BigInt(i) * 7_919n + 12_345_678_901_234n);
  const snapshotPut = await medianAsync(5, () => db.snapshots.put({ id: 'latest', ids }));
  const snapshotGet = await medianAsync(5, () => db.snapshots.get('latest'));
  const rows: Row[] = Array.from({ length: rowCount }, (_, idx) => ({
    list: 'mutualFollowers',
    idx,
    insta_id: String(10_000_000_000_000_000n + BigInt(idx)),
    insta_username: `user_${idx.toString(36)}`,
    insta_full_name: `Name ${idx}`,
    insta_image_url: `/source/avatars/${idx}.svg`,
  }));
  const bulkPut = await medianAsync(3, async () => {
    await db.rows.clear();
    await db.rows.bulkPut(rows);
  });
  const readPage = await medianAsync(9, () =>
    db.rows.where('[list+idx]').between(['mutualFollowers', 50_000], ['mutualFollowers', 50_015]).toArray(),
  );
  db.close();
  return {
    snapshot_ids: snapshotIds,
    snapshot_put_ms: round2(snapshotPut),
    snapshot_get_ms: round2(snapshotGet),
    rows: rowCount,
    bulk_put_ms: round2(bulkPut),
    rows_per_s: Math.round(rowCount / (bulkPut / 1000)),
    read_page_ms: round2(readPage),
  };
}

const worker = wrap<DiffWorker>(new Worker(new URL('./diff.worker.ts', import.meta.url), { type: 'module' }));

declare global {
  interface Window {
    bench: {
      diff(n: number): Promise<unknown>;
      sentiment(n: number): Promise<unknown>;
      dexie(snapshotIds: number, rows: number): Promise<unknown>;
      importDownload(url: string, way: ImportWay): Promise<unknown>;
      exportList(token: string, way: ExportWay): Promise<unknown>;
    };
  }
}
/** Fetches the download as a Blob (the browser keeps it, as a picked file) and reads it in a fresh worker. */
async function importDownload(url: string, way: ImportWay) {
  const archive = await (await fetch(url)).blob();
  const importer = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await wrap<ImportWorker>(importer).importDownload(archive, way);
  } finally {
    importer.terminate();
  }
}

/**
 * Exports the list in a fresh worker while the page counts its frames: the longest gap between two
 * frames says whether the page froze (the app's export never runs on the page's thread).
 */
async function exportList(token: string, way: ExportWay) {
  const exporter = new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module' });
  let longest = 0;
  let last = performance.now();
  let counting = true;
  const frame = (now: number) => {
    longest = Math.max(longest, now - last);
    last = now;
    if (counting) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  try {
    const figures = await wrap<ExportWorker>(exporter).exportList(token, way);
    return { ...figures, longest_frame_ms: Math.round(longest) };
  } finally {
    counting = false;
    exporter.terminate();
  }
}

window.bench = {
  diff: (n) => worker.diff(n),
  sentiment: (n) => worker.sentiment(n),
  dexie,
  importDownload,
  exportList,
};

// The two ways of writing a 1,000,000-name list to CSV that the export benchmark compares, in
// Chromium's worker, both reading the server's streamed list (GET client/instagram/<list>/export/):
//   streaming:    the app's way (src/export/list-export.ts): rows written as they arrive, in 256 kB batches,
//                 into a Blob built from 1 MB parts (the download path; a picked file is written the same way).
//   whole-string: the baseline a first attempt would write: the answer read whole, every row added to one
//                 CSV string, then one Blob.
import type { ExportContext } from '../src/export/context.ts';
import { BOM, csvRow } from '../src/export/csv.ts';
import { exportList } from '../src/export/list-export.ts';
import { blobTarget } from '../src/export/target.ts';
import { wordsFor } from '../src/export/words.ts';

export type ExportWay = 'streaming' | 'whole-string';

/** spec §7's path of the list the bench exports: the followers the account does not follow back. */
const LIST_PATH = 'dont/follow/back';

async function wholeString(token: string): Promise<{ rows: number; bytes: number }> {
  const response = await fetch(`/api/v1/client/instagram/${LIST_PATH}/export/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  const words = wordsFor('en');
  let csv = BOM + csvRow([words.list.username, words.list.fullName, words.source, words.date]);
  let source = '';
  let date = '';
  let rows = 0;
  for (const line of text.split('\n')) {
    if (!line) continue;
    const value = JSON.parse(line) as unknown;
    if (Array.isArray(value)) {
      for (const [, username, fullName] of value as [string, string, string][]) {
        csv += csvRow([username, fullName, source, date]);
        rows++;
      }
    } else if (typeof value === 'object' && value !== null && 'source' in value) {
      const head = value as { source: { source: 'sample'; at: string } | null };
      source = head.source ? words.sources[head.source.source] : '';
      date = head.source?.at ?? '';
    }
  }
  const blob = new Blob([csv], { type: 'text/csv' });
  return { rows, bytes: blob.size };
}

async function streaming(token: string, store: ExportContext['store']): Promise<{ rows: number; bytes: number }> {
  const target = blobTarget('text/csv');
  const outcome = await exportList('doNotFollowsBack', target.stream, {
    token,
    headers: {},
    locale: 'en',
    now: new Date(),
    store,
    fetch: (input, init) => fetch(input, init),
    online: true,
  });
  if (outcome.kind !== 'done' || !outcome.complete) throw new Error(`export ended ${JSON.stringify(outcome)}`);
  return { rows: outcome.rows, bytes: target.blob()?.size ?? 0 };
}

/** Exports the list one way; the time is the whole of it, from the first request to the finished Blob. */
export async function exportOneWay(token: string, way: ExportWay, store: ExportContext['store']) {
  const start = performance.now();
  const { rows, bytes } = way === 'streaming' ? await streaming(token, store) : await wholeString(token);
  const ms = performance.now() - start;
  return {
    way,
    rows,
    mb: Math.round((bytes / 1_048_576) * 10) / 10,
    ms: Math.round(ms),
    rows_per_s: Math.round(rows / (ms / 1000)),
  };
}

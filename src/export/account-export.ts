// "Export all my data" (issue 20): one ZIP of everything we hold about the account. Online: the
// server's account document (account.json) and each list streamed whole; offline: what this device
// saved, said in the file name and a NOTE.txt. Every entry streams into the archive as it is written.
import { configure, TextReader, ZipWriter } from '@zip.js/zip.js';
import { listNames } from '../../common/lists.ts';
import { type AccountExport, accountExportSchema } from '../../common/schema/account-export.ts';
import { postGroupNames } from '../../common/schema/lists.ts';
import {
  historyTable,
  insightTable,
  paymentsTable,
  sentimentTable,
  snapshotsTable,
  writeTable,
} from './account-files.ts';
import { type ExportContext, type ExportOutcome, exportFileName } from './context.ts';
import { exportList, listFileNames } from './list-export.ts';
import { exportPostAnalytics } from './post-export.ts';
import { wordsFor } from './words.ts';

// The worker is the background already: zip.js compresses here rather than in workers of its own.
configure({ useWebWorkers: false });

type Fetched =
  | { kind: 'ok'; account: AccountExport }
  | { kind: 'unreachable' }
  | { kind: 'failed'; status: number; message: string | undefined };

/** GET client/account/export: what the server holds about the account. */
async function fetchAccount(context: ExportContext): Promise<Fetched> {
  if (!context.online) return { kind: 'unreachable' };
  let response: Response;
  try {
    response = await context.fetch('/api/v1/client/account/export', {
      headers: { ...context.headers, authorization: `Bearer ${context.token}` },
    });
  } catch {
    return { kind: 'unreachable' };
  }
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  if (!response.ok) {
    return {
      kind: 'failed',
      status: response.status,
      message: typeof body?.message === 'string' ? body.message : undefined,
    };
  }
  const parsed = accountExportSchema.safeParse(body);
  return parsed.success ? { kind: 'ok', account: parsed.data } : { kind: 'failed', status: 200, message: undefined };
}

/** Adds an entry whose bytes `write` produces, streamed into the archive as they come. */
async function entry<T>(zip: ZipWriter<unknown>, name: string, write: (out: WritableStream<Uint8Array>) => Promise<T>) {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const [result] = await Promise.all([write(writable), zip.add(name, readable)]);
  return result;
}

/** Writes the whole account's ZIP to `out`. */
export async function exportAccount(out: WritableStream<Uint8Array>, context: ExportContext): Promise<ExportOutcome> {
  const fetched = await fetchAccount(context);
  if (fetched.kind === 'failed') {
    await out.abort().catch(() => undefined);
    return fetched;
  }
  const offline = fetched.kind === 'unreachable';
  const account = fetched.kind === 'ok' ? fetched.account : undefined;
  // An account that is not subscribed any more still takes its data: its lists from this device.
  const listContext = { ...context, online: !offline && account?.user.is_subscribed === true };
  const words = wordsFor(context.locale);
  const zip = new ZipWriter(out);
  let files = 0;
  try {
    if (account) {
      await zip.add('account.json', new TextReader(`${JSON.stringify(account, null, 2)}\n`));
      await entry(zip, 'snapshots.csv', (stream) => writeTable(stream, snapshotsTable(words, account)));
      await entry(zip, 'payments.csv', (stream) => writeTable(stream, paymentsTable(words, account)));
      files += 3;
    } else {
      await zip.add('NOTE.txt', new TextReader(`${words.offlineArchive}\r\n`));
    }
    for (const list of listNames) {
      const outcome = await entry(zip, `lists/${listFileNames[list]}.csv`, (stream) =>
        exportList(list, stream, listContext),
      );
      if (outcome.kind === 'failed') throw new Error(outcome.message ?? `list ${list}: ${outcome.status}`);
      files++;
    }
    const saved = await Promise.all([
      context.store.postAnalysis(),
      ...postGroupNames.flatMap((group) => [context.store.postGroup(group, 0), context.store.postGroup(group, 1)]),
    ]);
    if (saved.some((row) => row !== undefined)) {
      await entry(zip, 'post-and-reel-analytics.csv', (stream) =>
        exportPostAnalytics(['posts', 'reels'], stream, { ...context, online: !offline }),
      );
      files++;
    }
    const tables = {
      'sentiment.csv': await sentimentTable(words, context),
      'follower-history.csv': await historyTable(words, context),
      'insight.csv': await insightTable(words, context),
    };
    for (const [name, table] of Object.entries(tables)) {
      if (table.rows.length === 0) continue;
      await entry(zip, name, (stream) => writeTable(stream, table));
      files++;
    }
    await zip.close();
  } catch (error) {
    await out.abort(error).catch(() => undefined);
    throw error;
  }
  return {
    kind: 'done',
    fileName: exportFileName('account', context.now, offline, 'zip'),
    rows: files,
    offline,
    complete: true,
  };
}

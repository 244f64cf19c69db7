// A follower list as CSV (issue 20), written in the worker as it arrives: online, the server streams
// the whole list (GET client/instagram/<list>/export/, resumed from the last row after a broken
// connection); offline, the pages this device saved. Every row carries its source and date.

import { type ListName, lists } from '../../common/lists.ts';
import type { FollowerListItem } from '../../common/schema/lists.ts';
import type { Provenance } from '../../common/schema/provenance.ts';
import { accountSources } from '../app/sources/account.ts';
import type { UserRow } from '../db/schema.ts';
import { type ExportContext, type ExportOutcome, exportFileName } from './context.ts';
import { CsvWriter } from './csv-writer.ts';
import { jsonLines } from './ndjson.ts';
import { type ExportWords, sourceName, wordsFor } from './words.ts';

/** Each list's part of a file name. */
export const listFileNames: Record<ListName, string> = {
  newFollowers: 'new-followers',
  followersLost: 'lost-followers',
  notFollowsBack: 'not-following-back',
  doNotFollowsBack: 'you-dont-follow-back',
  profileViews: 'profile-viewers',
  mutualFollowers: 'mutual-followers',
  pendingFollowRequests: 'pending-follow-requests',
  recentlyUnfollowedProfiles: 'recently-unfollowed-profiles',
};

/** Tries of the stream: the first, and resumptions after a connection that broke mid-list. */
const TRIES = 3;
/** The longest `Retry-After` (seconds) a resumption waits out (the server asks 5 s while a stream is held). */
const MAX_RESUME_WAIT_S = 10;

interface StreamHead {
  total: number;
  source: Provenance | null;
}

const isHead = (line: unknown): line is StreamHead =>
  typeof line === 'object' && line !== null && 'total' in line && typeof line.total === 'number';
const isEnd = (line: unknown): boolean => typeof line === 'object' && line !== null && 'end' in line;

function header(words: ExportWords): string[] {
  return [words.list.username, words.list.fullName, words.source, words.date];
}

/** Where the cached pages' names came from, as the server decides it (server/api/v1/analysis.ts). */
export function cachedListProvenance(user: UserRow | undefined): Provenance | undefined {
  const account = accountSources(user);
  if (account.figures?.source !== 'official') return account.figures;
  const download = account.sources.find((known) => known.source === 'download' && known.at);
  return download?.at ? { source: 'download', at: download.at } : undefined;
}

/** Writes `list` as CSV to `out`; closes it when done, aborts it on failure. */
export async function exportList(
  list: ListName,
  out: WritableStream<Uint8Array>,
  context: ExportContext,
): Promise<ExportOutcome> {
  const writer = out.getWriter();
  const words = wordsFor(context.locale);
  const csv = new CsvWriter(writer);
  try {
    await csv.header(header(words));
    const online = context.online ? await fromServer(list, csv, words, context) : { kind: 'unreachable' as const };
    if (online.kind === 'failed') {
      await writer.abort();
      return online;
    }
    let outcome: ExportOutcome;
    if (online.kind === 'unreachable') {
      const rows = await fromDevice(list, csv, words, context);
      outcome = {
        kind: 'done',
        fileName: exportFileName(listFileNames[list], context.now, true, 'csv'),
        rows,
        offline: true,
        complete: true,
      };
    } else {
      if (!online.complete) await csv.row([words.incompleteNote(online.rows, online.total)]);
      outcome = {
        kind: 'done',
        fileName: exportFileName(listFileNames[list], context.now, false, 'csv'),
        rows: online.rows,
        offline: false,
        complete: online.complete,
      };
    }
    await csv.flush();
    await writer.close();
    return outcome;
  } catch (error) {
    await writer.abort(error).catch(() => undefined);
    throw error;
  }
}

type Streamed =
  | { kind: 'streamed'; rows: number; total: number; complete: boolean }
  | { kind: 'unreachable' }
  | { kind: 'failed'; status: number; message: string | undefined };

/** The whole list from the server, resuming after the last row written when a connection breaks. */
async function fromServer(
  list: ListName,
  csv: CsvWriter,
  words: ExportWords,
  context: ExportContext,
): Promise<Streamed> {
  let rows = 0;
  let total = 0;
  for (let attempt = 0; attempt < TRIES; attempt++) {
    let response: Response;
    try {
      response = await context.fetch(`/api/v1/client/instagram/${lists[list].path}/export/?from=${rows}`, {
        headers: { ...context.headers, authorization: `Bearer ${context.token}` },
      });
    } catch {
      if (rows === 0 && attempt === 0) return { kind: 'unreachable' };
      continue;
    }
    if (!response.ok || !response.body) {
      // Issue 32: a resumption may come before the server has seen the broken connection end, while it
      // still counts that stream as the account's one export: it says how long to wait.
      const wait = response.status === 429 ? Number(response.headers.get('retry-after')) : Number.NaN;
      if (rows > 0 && wait > 0 && wait <= MAX_RESUME_WAIT_S) {
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
      // A resumption the server refused leaves what arrived, marked incomplete.
      if (rows > 0) break;
      const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
      return {
        kind: 'failed',
        status: response.status,
        message: typeof body?.message === 'string' ? body.message : undefined,
      };
    }
    let source = '';
    let date = '';
    try {
      for await (const line of jsonLines(response.body)) {
        if (Array.isArray(line)) {
          for (const [, username, fullName] of line as [string, string, string][]) {
            const sending = csv.row([username, fullName, source, date]);
            if (sending) await sending;
            rows++;
          }
        } else if (isHead(line)) {
          total = line.total;
          source = sourceName(words, line.source?.source);
          date = line.source?.at ?? '';
        } else if (isEnd(line)) {
          return { kind: 'streamed', rows, total, complete: true };
        }
      }
    } catch {
      // The connection broke mid-list: ask again from the next row.
    }
  }
  return { kind: 'streamed', rows, total, complete: false };
}

/** The pages this device saved of the list (the screen's cache), in order; a last row says so. */
async function fromDevice(list: ListName, csv: CsvWriter, words: ExportWords, context: ExportContext) {
  const user = await context.store.user();
  const provenance = cachedListProvenance(user);
  const source = sourceName(words, provenance?.source);
  const date = provenance?.at ?? '';
  const pages = await context.store.listPages(list);
  const items: FollowerListItem[] = pages.flatMap((page) => page.items);
  for (const item of items) await csv.row([item.insta_username, item.insta_full_name, source, date]);
  const total = user?.[lists[list].count];
  await csv.row([words.offlineNote(items.length, typeof total === 'number' ? total : undefined)]);
  return items.length;
}

// A whole list for an export (issue 20), read a part at a time: the ids of one stored part (64k), their
// names in batches of 1,000, written out as newline-delimited JSON. One request carries a million names;
// pages of 100 would take 10,000 requests (see docs/exports.md).
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type AnalysisListName, type DownloadListName, isDownloadList, type ListName } from '../../common/lists.ts';
import type { FollowerListItem } from '../../common/schema/lists.ts';
import type { Provenance } from '../../common/schema/provenance.ts';
import type { Database } from '../db/client.ts';
import type { SourceConnector } from '../source/connector.ts';
import { latestAnalysis, listCount, listIds, namesOf } from './lists.ts';
import { PART_VALUES } from './parts.ts';
import { siblingList } from './sibling-lists.ts';

/** Names looked up per query: the profiles table's `IN (…)` and a download's chunk search. */
const NAME_BATCH = 1_000;

/** The stream's first line: what follows, and where the names came from. */
export interface ListExportHead {
  list: ListName;
  total: number;
  from: number;
  source: Provenance | null;
}

/** Its last line: written only when every row was sent, so a cut stream is never taken as the whole list. */
export interface ListExportEnd {
  end: true;
  count: number;
}

/** One row of the stream: id, username, full name (empty for a download). */
export type ListExportRow = [id: string, username: string, fullName: string];

/** What the route tells the stream as it goes (issue 32): its export slot, and whether the client is gone. */
export interface ListExportControl {
  /** Keeps the account's export slot; false when it was lost (the stream then stops, unfinished). */
  renew(): Promise<boolean>;
  /** True once the answer is closed: nothing more is read. */
  closed(): boolean;
}

/**
 * The list as lines of JSON: the head, then arrays of up to 1,000 rows, then the end. `from` skips rows
 * already received, so a broken download resumes where it stopped.
 */
export async function* listExportLines(
  db: Database,
  source: SourceConnector,
  userId: string,
  list: ListName,
  from: number,
  provenance: Provenance | null,
  now: Date,
  control?: ListExportControl,
): AsyncGenerator<string> {
  const { total, batches } = isDownloadList(list)
    ? await siblingBatches(db, userId, list)
    : await analysisBatches(db, source, userId, list, now);
  const head: ListExportHead = { list, total, from: Math.min(from, total), source: provenance };
  yield `${JSON.stringify(head)}\n`;
  for await (const items of batches(head.from)) {
    const rows = items.map((item): ListExportRow => [item.insta_id, item.insta_username, item.insta_full_name]);
    yield `${JSON.stringify(rows)}\n`;
    // Issue 32: each batch's queries and JSON run on the one thread that answers every request; a
    // turn of the event loop between batches lets the others in (without it, 16 exports at once
    // held a health check 24.8 s). A stream whose client left, or whose slot was lost, stops here
    // without an end line, so the client takes it for the unfinished list it is.
    await yieldToEventLoop();
    if (control && (control.closed() || !(await control.renew()))) return;
  }
  const end: ListExportEnd = { end: true, count: total };
  yield `${JSON.stringify(end)}\n`;
}

/** A list's length and its rows from a place on, NAME_BATCH at a time. */
interface ExportBatches {
  total: number;
  batches: (from: number) => AsyncGenerator<FollowerListItem[]>;
}

/** An analysis's list: the ids of one stored part (64k) at a time, named a batch at a time. */
async function analysisBatches(
  db: Database,
  source: SourceConnector,
  userId: string,
  list: AnalysisListName,
  now: Date,
): Promise<ExportBatches> {
  const latest = await latestAnalysis(db, userId);
  const total = latest ? await listCount(db, latest.id, list) : 0;
  return {
    total,
    batches: async function* (from) {
      if (!latest) return;
      for (let start = from; start < total; start += PART_VALUES) {
        const ids = await listIds(db, latest.id, list, start, Math.min(total, start + PART_VALUES));
        for (let at = 0; at < ids.length; at += NAME_BATCH) {
          const batch = [...ids.subarray(at, at + NAME_BATCH)].map(String);
          yield await namesOf(db, source, userId, latest.source, batch, now, false);
        }
      }
    },
  };
}

/** Issue 50 item 5: a sibling list of the newest import, its names read from its chunks; none without it. */
async function siblingBatches(db: Database, userId: string, list: DownloadListName): Promise<ExportBatches> {
  const held = await siblingList(db, userId, list);
  const total = held?.total ?? 0;
  return {
    total,
    batches: async function* (from) {
      for (let start = from; held && start < total; start += NAME_BATCH)
        yield await held.read(start, start + NAME_BATCH);
    },
  };
}

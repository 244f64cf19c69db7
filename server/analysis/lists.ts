// Reading an analysis's lists a page at a time, with the profiles lists show.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnalysisListName } from '../../common/lists.ts';
import type { FollowerListItem } from '../../common/schema/lists.ts';
import type { Database } from '../db/client.ts';
import { analyses, analysisLists, profiles } from '../db/schema.ts';
import type { SourceConnector } from '../source/connector.ts';
import { importedNames } from './import-names.ts';
import { storedKey } from './list-keys.ts';
import { unpack } from './packing.ts';
import { readIdRange } from './parts.ts';

/** Lists committed before issue 19 hold their ids whole: the last few, unpacked, so paging is cheap. */
const recent = new Map<string, BigUint64Array>();
const RECENT_MAX = 4;

/** Ids `from` to `to` of a list: from its parts, or from the whole array of a list stored before them. */
export async function listIds(db: Database, analysisId: string, list: AnalysisListName, from: number, to: number) {
  const [row] = await db
    .select({ ids: analysisLists.ids, count: analysisLists.count })
    .from(analysisLists)
    .where(and(eq(analysisLists.analysisId, analysisId), eq(analysisLists.list, storedKey(list))));
  if (!row) return new BigUint64Array();
  return idsOfRow(db, analysisId, list, row, from, to);
}

/** Ids `from` to `to` of a list whose `analysis_lists` row is `row`. */
function idsOfRow(
  db: Database,
  analysisId: string,
  list: AnalysisListName,
  row: { ids: Buffer; count: number },
  from: number,
  to: number,
) {
  if (row.ids.byteLength === 0) return readIdRange(db, analysisId, `list:${storedKey(list)}`, row.count, from, to);
  const key = `${analysisId}:${list}`;
  const whole = recent.get(key) ?? unpack(row.ids);
  recent.set(key, whole);
  if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value as string);
  return whole.subarray(from, to);
}

/** The user's latest complete analysis (its id and source), or undefined before the first. */
export async function latestAnalysis(db: Database, userId: string) {
  const [latest] = await db
    .select({ id: analyses.id, source: analyses.source })
    .from(analyses)
    .where(and(eq(analyses.userId, userId), eq(analyses.status, 'complete')))
    .orderBy(desc(analyses.finishedAt))
    .limit(1);
  return latest;
}

/** How many ids a list of an analysis holds. */
export async function listCount(db: Database, analysisId: string, list: AnalysisListName): Promise<number> {
  const [row] = await db
    .select({ count: analysisLists.count })
    .from(analysisLists)
    .where(and(eq(analysisLists.analysisId, analysisId), eq(analysisLists.list, storedKey(list))));
  return row?.count ?? 0;
}

/** One page (1-based) of a list from the user's latest complete analysis; empty before the first. */
export async function listPage(
  db: Database,
  source: SourceConnector,
  userId: string,
  list: AnalysisListName,
  page: number,
  size: number,
  now: Date,
): Promise<FollowerListItem[]> {
  return (await listPageWithTotal(db, source, userId, list, page, size, now)).items;
}

/**
 * A list screen's page and the whole list's length (its `x-total-count`), as a list screen asks for them, from one read of the latest analysis and its list's row instead of four (issue 35: a
 * list page was six queries, the embedded database's cost per request being mostly their number).
 */
export async function listPageWithTotal(
  db: Database,
  source: SourceConnector,
  userId: string,
  list: AnalysisListName,
  page: number,
  size: number,
  now: Date,
): Promise<{ total: number; items: FollowerListItem[] }> {
  const [latest] = await db
    .select({ id: analyses.id, source: analyses.source, ids: analysisLists.ids, count: analysisLists.count })
    .from(analyses)
    .leftJoin(analysisLists, and(eq(analysisLists.analysisId, analyses.id), eq(analysisLists.list, storedKey(list))))
    .where(and(eq(analyses.userId, userId), eq(analyses.status, 'complete')))
    .orderBy(desc(analyses.finishedAt))
    .limit(1);
  if (!latest) return { total: 0, items: [] };
  const { ids, count } = latest;
  if (ids === null || count === null) return { total: 0, items: [] };
  const from = (page - 1) * size;
  const range = await idsOfRow(db, latest.id, list, { ids, count }, from, page * size);
  const items = await namesOf(db, source, userId, latest.source, [...range].map(String), now, true);
  return { total: count, items };
}

/**
 * What a list shows of these ids, in their order. `remember` keeps the profiles the source gave in the
 * profiles table (what a screen's page does); an export of a million names reads without filling it.
 */
export async function namesOf(
  db: Database,
  source: SourceConnector,
  userId: string,
  analysisSource: string,
  ids: string[],
  now: Date,
  remember: boolean,
): Promise<FollowerListItem[]> {
  if (ids.length === 0) return [];
  if (analysisSource === 'download') {
    // A download names people and nothing more: no full name, no picture (the list shows initials).
    const names = await importedNames(db, userId, ids);
    return ids.flatMap((id) => {
      const name = names.get(id);
      return name ? [{ insta_id: id, insta_username: name, insta_full_name: '', insta_image_url: '' }] : [];
    });
  }
  // One array parameter (ids are decimal digits, so the literal needs no quoting), not one per id:
  // building `IN ($1, …, $1000)` cost more than the query itself.
  const known = await db
    .select()
    .from(profiles)
    .where(sql`${profiles.instaId} = any(${`{${ids.join(',')}}`}::text[])`);
  const found = new Set(known.map((row) => row.instaId));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    const fetched = await source.profiles(missing);
    const rows = fetched.map((p) => ({
      instaId: p.id,
      username: p.username,
      fullName: p.fullName,
      imageUrl: p.imageUrl,
      updatedAt: now,
    }));
    if (rows.length && remember) await db.insert(profiles).values(rows).onConflictDoNothing();
    known.push(...rows);
  }
  const byId = new Map(known.map((row) => [row.instaId, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [{ insta_id: id, insta_username: row.username, insta_full_name: row.fullName, insta_image_url: row.imageUrl }]
      : [];
  });
}

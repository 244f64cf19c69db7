// Names read back from an import's kept chunks (issue 9): a download names people and nothing more, so
// the lists of an import show the names its chunks hold. Only a chunk whose id range holds a wanted id is
// opened, and the last few opened stay decoded, so paging does not unzip the same chunk for every page.
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DownloadListName } from '../../common/lists.ts';
import { CHUNK_SIZE, type DecodedChunk, decodeChunk, FOLLOW_LISTS } from '../../common/snapshot/snapshot.ts';
import type { Database } from '../db/client.ts';
import { analyses, importChunks } from '../db/schema.ts';
import { gunzipChunk } from './imports.ts';
import { indexOf } from './packing.ts';

/** Decoded chunks recently read by lists, so paging does not unzip the same chunk for every page. */
const recentChunks = new Map<string, DecodedChunk>();
const RECENT_MAX = 32;

/**
 * Where a stored chunk is. A followers' or following's chunk never changes once committed; a sibling
 * list's can (a download that adds them updates its import), so its place names their digest too.
 */
interface ChunkPlace {
  analysisId: string;
  list: string;
  seq: number;
  version?: string;
}

/** A stored chunk, decoded (from the recent ones when it is there); undefined when it is not stored. */
async function decodedChunk(db: Database, place: ChunkPlace): Promise<DecodedChunk | undefined> {
  const key = `${place.analysisId}:${place.list}:${place.seq}:${place.version ?? ''}`;
  const recent = recentChunks.get(key);
  if (recent) return recent;
  const [row] = await db
    .select({ data: importChunks.data })
    .from(importChunks)
    .where(
      and(
        eq(importChunks.analysisId, place.analysisId),
        eq(importChunks.list, place.list),
        eq(importChunks.seq, place.seq),
      ),
    );
  if (!row) return undefined;
  const chunk = decodeChunk(gunzipChunk(row.data));
  recentChunks.set(key, chunk);
  if (recentChunks.size > RECENT_MAX) recentChunks.delete(recentChunks.keys().next().value as string);
  return chunk;
}

/**
 * Names of imported people by id, from the user's imports (newest first): lists show a lost follower
 * whose name only the previous download holds.
 */
export function importedNames(db: Database, userId: string, ids: string[]): Promise<Map<string, string>> {
  return namesWhere(db, ids, and(eq(analyses.userId, userId), eq(analyses.status, 'complete')));
}

/** Names by id from one import's chunks, committed or not (issue 50: a commit names its renames). */
export function namesInImport(db: Database, analysisId: string, ids: string[]): Promise<Map<string, string>> {
  return namesWhere(db, ids, eq(importChunks.analysisId, analysisId));
}

/**
 * Names by id from the followers' and following's chunks of the imports `where` picks, newest import
 * first: only chunks whose range holds an id are read. (The sibling lists name people of their own.)
 */
async function namesWhere(db: Database, ids: string[], where: SQL | undefined): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (ids.length === 0) return found;
  const ranges = await db
    .select({
      analysisId: importChunks.analysisId,
      list: importChunks.list,
      seq: importChunks.seq,
      firstId: importChunks.firstId,
      lastId: importChunks.lastId,
    })
    .from(importChunks)
    .innerJoin(analyses, eq(analyses.id, importChunks.analysisId))
    .where(and(where, inArray(importChunks.list, [...FOLLOW_LISTS])))
    .orderBy(desc(analyses.finishedAt));
  let wanted = ids.map((id) => BigInt(id));
  for (const range of ranges) {
    if (wanted.length === 0) break;
    const first = BigInt(range.firstId);
    const last = BigInt(range.lastId);
    if (!wanted.some((id) => id >= first && id <= last)) continue;
    const chunk = await decodedChunk(db, range);
    if (!chunk) continue;
    wanted = wanted.filter((id) => {
      const at = indexOf(chunk.ids, id);
      if (at < 0) return true;
      found.set(id.toString(), chunk.names[at] as string);
      return false;
    });
  }
  return found;
}

/**
 * People `from` to `to` (in id order) of an import's sibling list (issue 50 item 5), with their names;
 * `version` is the import's siblings digest (see ChunkPlace).
 */
export async function siblingPeople(
  db: Database,
  { analysisId, version }: { analysisId: string; version: string | undefined },
  list: DownloadListName,
  from: number,
  to: number,
): Promise<Array<{ id: string; name: string }>> {
  const people: Array<{ id: string; name: string }> = [];
  // Every chunk but a list's last holds CHUNK_SIZE people, so a range's chunks are known without a query.
  for (let seq = Math.floor(from / CHUNK_SIZE); seq * CHUNK_SIZE < to; seq++) {
    const chunk = await decodedChunk(db, { analysisId, list, seq, version });
    if (!chunk) break;
    const start = Math.max(0, from - seq * CHUNK_SIZE);
    const end = Math.min(chunk.ids.length, to - seq * CHUNK_SIZE);
    for (let i = start; i < end; i++) people.push({ id: String(chunk.ids[i]), name: chunk.names[i] as string });
  }
  return people;
}

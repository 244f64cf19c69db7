// The lookup every authenticated request makes: a token's hash to its live session's user (issue 19).
// Built once per database. On PostgreSQL it is a named statement, which keeps its plan. On the embedded
// database it is a prepared statement run with PGlite's simple protocol: its extended protocol takes six
// trips into the WebAssembly per query, and drizzle maps 28 columns on top (measured on a data folder:
// 550 µs a lookup through drizzle, 120-180 µs this way).
//
// Issue 35 (the `load` bench): on the embedded database the answers are also remembered, since every
// request of every user makes this lookup (a quarter of the mix's queries, 0.3-1.5 ms of CPU each on a
// busy 2-core machine). One process owns an embedded database and every statement on it passes through
// the query scheduler, which counts those that may change users or sessions (`userWrites`): a
// remembered answer is used only while no such statement has run since its query started, so a
// logout, a changed subscription or a deleted account is seen by the very next request, as before.
import { PGlite } from '@electric-sql/pglite';
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type UserWrites, userWrites } from '../db/query-scheduler.ts';
import { sessions, users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
type Lookup = (hash: string) => Promise<{ tokenHash: string; user: UserRow } | undefined>;

const lookups = new WeakMap<Database, Lookup>();

/** The lookup for this database, made on first use; it takes only a SHA-256 hex digest. */
export function sessionLookup(db: Database): Lookup {
  let lookup = lookups.get(db);
  if (!lookup) {
    const client = (db as { $client?: unknown }).$client;
    const find = client instanceof PGlite ? embeddedLookup(client) : namedStatementLookup(db);
    lookup = async (hash) => {
      // The embedded way splices it into the statement as a literal: nothing else may reach it.
      if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error('a session lookup takes a SHA-256 hex digest');
      return find(hash);
    };
    lookups.set(db, lookup);
  }
  return lookup;
}

function namedStatementLookup(db: Database): Lookup {
  const statement = db
    .select({ tokenHash: sessions.tokenHash, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt)))
    .prepare('user_for_token');
  return async (hash) => (await statement.execute({ hash }))[0];
}

/** users' columns: the property each database column fills. */
const userColumns = Object.entries(getTableColumns(users)).map(([key, column]) => [key, column.name] as const);

/** Remembered answers at most: a whole set is about 2 kB each; past this it starts again. */
const REMEMBERED_MAX = 10_000;

function embeddedLookup(client: PGlite): Lookup {
  let prepared: Promise<unknown> | undefined;
  const writes = userWrites(client);
  const remembered = new Map<string, { generation: number; found: { tokenHash: string; user: UserRow } | undefined }>();
  const query = async (hash: string) => {
    prepared ??= client.exec(
      `PREPARE user_for_token (text) AS SELECT s.token_hash, u.* FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
    );
    await prepared;
    const [result] = await client.exec(`EXECUTE user_for_token('${hash}')`);
    const row = result?.rows[0] as Record<string, unknown> | undefined;
    if (!row) return undefined;
    const user = Object.fromEntries(userColumns.map(([key, name]) => [key, row[name] ?? null])) as UserRow;
    return { tokenHash: String(row.token_hash), user };
  };
  if (!writes) return query;
  return async (hash) => {
    const known = remembered.get(hash);
    if (known && known.generation === writes.generation) return copyOf(known.found);
    const generation = writes.generation;
    const found = await query(hash);
    remember(remembered, writes, hash, generation, found);
    return copyOf(found);
  };
}

/** Keeps `found` as the answer of `generation`, unless a write of users or sessions has run since. */
function remember(
  remembered: Map<string, { generation: number; found: { tokenHash: string; user: UserRow } | undefined }>,
  writes: UserWrites,
  hash: string,
  generation: number,
  found: { tokenHash: string; user: UserRow } | undefined,
) {
  if (writes.generation !== generation) return;
  if (remembered.size >= REMEMBERED_MAX) remembered.clear();
  remembered.set(hash, { generation, found });
}

/** A copy of its own for each caller: a route that changes its user object changes nothing remembered. */
function copyOf(found: { tokenHash: string; user: UserRow } | undefined) {
  return found && { tokenHash: found.tokenHash, user: { ...found.user } };
}

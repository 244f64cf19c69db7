// Login tokens: 256 random bits, stored as SHA-256 hashes, compared in constant time, revocable.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest();

/** Makes a token for the user; only its hash is kept. */
export async function issueToken(db: Database, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ tokenHash: hashToken(token).toString('hex'), userId, createdAt: now });
  return token;
}

/**
 * The session lookup every authenticated request makes, built once per database (issue 19): building
 * the query took longer than running it, and on PostgreSQL a named statement keeps its plan.
 */
const lookups = new WeakMap<Database, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Database) {
  return db
    .select({ tokenHash: sessions.tokenHash, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt)))
    .prepare('user_for_token');
}

/** The user a live token belongs to. */
export async function userForToken(db: Database, token: string): Promise<UserRow | undefined> {
  if (!/^[\w-]{43}$/.test(token)) return undefined;
  const given = hashToken(token);
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ hash: given.toString('hex') });
  if (!row) return undefined;
  // The lookup is by hash already; this keeps the final comparison constant-time as well.
  return timingSafeEqual(Buffer.from(row.tokenHash, 'hex'), given) ? row.user : undefined;
}

/** Revokes a token (logout). */
export async function revokeToken(db: Database, token: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(eq(sessions.tokenHash, hashToken(token).toString('hex')));
}

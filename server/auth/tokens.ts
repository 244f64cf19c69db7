// Login tokens: 256 random bits, stored as SHA-256 hashes, compared in constant time, revocable.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { sessionLookup, type UserRow } from './session-lookup.ts';

export type { UserRow };

const hashToken = (token: string) => createHash('sha256').update(token).digest();

/** Makes a token for the user; only its hash is kept. */
export async function issueToken(db: Database, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ tokenHash: hashToken(token).toString('hex'), userId, createdAt: now });
  return token;
}

/** The user a live token belongs to. */
export async function userForToken(db: Database, token: string): Promise<UserRow | undefined> {
  if (!/^[\w-]{43}$/.test(token)) return undefined;
  const given = hashToken(token);
  const row = await sessionLookup(db)(given.toString('hex'));
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

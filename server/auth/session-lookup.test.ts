// The session lookup (issue 19) gives exactly the row drizzle reads, on either database: the embedded
// one's own statement maps every column, dates and JSON included; a revoked or unknown token finds nothing.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/support/test-server.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { sessionLookup } from './session-lookup.ts';
import { issueToken, revokeToken, userForToken } from './tokens.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

it('reads the same user row as a drizzle select, every column, and nothing for a revoked token', async () => {
  const { db } = handle;
  const [user] = await db
    .insert(users)
    .values({
      email: 'lookup@example.com',
      username: 'lookup.sample',
      isSubscribed: true,
      chatGptData: { summary: 'ok', count: 2, nested: { a: [1, 2] } },
      totalFollowers: 1234,
      lastUpdatedAt: new Date('2026-11-20T10:42:00.123Z'),
      dataSource: 'sample',
      dataTakenAt: new Date('2026-11-20T10:42:00.000Z'),
    })
    .returning();
  if (!user) throw new Error('no user');
  const now = new Date('2026-11-20T12:00:00.000Z');
  const token = await issueToken(db, user.id, now);
  const hash = createHash('sha256').update(token).digest('hex');

  const [expected] = await db.select().from(users).where(eq(users.id, user.id));
  const found = await sessionLookup(db)(hash);
  expect(found?.user).toEqual(expected);
  expect(found?.tokenHash).toBe(hash);
  expect(await userForToken(db, token)).toEqual(expected);

  expect(await sessionLookup(db)('0'.repeat(64))).toBeUndefined();
  await revokeToken(db, token, now);
  expect(await userForToken(db, token)).toBeUndefined();
  expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  await expect(sessionLookup(db)("x' OR '1'='1")).rejects.toThrow(/SHA-256/);
});

// Issue 35: the embedded database's answers are remembered; every write of users or sessions is seen
// by the next lookup, in a transaction or not, and a caller changing its copy changes nothing kept.
it('sees every change of the user or the session at the next lookup, though it remembers answers', async () => {
  const { db } = handle;
  const [user] = await db
    .insert(users)
    .values({ email: 'remembered@example.com', username: 'remembered.sample', isSubscribed: true })
    .returning();
  if (!user) throw new Error('no user');
  const now = new Date('2026-11-20T12:00:00.000Z');
  const token = await issueToken(db, user.id, now);
  const read = async () => (await userForToken(db, token))?.isSubscribed;

  expect(await read()).toBe(true);
  const copy = await userForToken(db, token);
  if (copy) copy.isSubscribed = false;
  expect(await read()).toBe(true);

  await db.update(users).set({ isSubscribed: false }).where(eq(users.id, user.id));
  expect(await read()).toBe(false);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ isSubscribed: true }).where(eq(users.id, user.id));
  });
  expect(await read()).toBe(true);

  // A token looked up before its session existed is found once it does.
  const later = 'b'.repeat(43);
  expect(await userForToken(db, later)).toBeUndefined();
  await db.insert(sessions).values({
    tokenHash: createHash('sha256').update(later).digest('hex'),
    userId: user.id,
    createdAt: now,
  });
  expect((await userForToken(db, later))?.id).toBe(user.id);

  await revokeToken(db, token, now);
  expect(await read()).toBeUndefined();
  await db.delete(users).where(eq(users.id, user.id));
  expect(await userForToken(db, later)).toBeUndefined();
});

// A failed analysis records the database's reason, short enough and clean enough to store: a failed
// query's own message, with its binary parameters, could not be written, and left the analysis running.
import { DrizzleQueryError, eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/support/test-server.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { analyses, users } from '../db/schema.ts';
import { failureReason, loggedError } from './failure.ts';

let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

/** A part's write that failed on a full disk, as Drizzle reports it: the query, its bytes, the cause. */
const fullDisk = new Error('could not extend file "base/5/16422.1": No space left on device');
const failedPart = new DrizzleQueryError(
  'insert into "analysis_parts" ("analysis_id", "seq", "data") values ($1, $2, $3)',
  ['0d4c8d7e-0000-4000-8000-000000000000', 3, Buffer.from([0x78, 0x9c, 0x00, 0xff, 0x00, 0x13])],
  fullDisk,
);

it('keeps the database’s reason for a failed query, not its parameters', () => {
  expect(failureReason(failedPart)).toBe(`Error: ${fullDisk.message}`);
  expect(loggedError(failedPart)).toBe(fullDisk);
  // PGlite's own error carries the parameters again: the log gets its message and code only.
  const pgliteError = Object.assign(new Error(fullDisk.message), { code: '53100', params: [Buffer.alloc(8)] });
  const logged = loggedError(new DrizzleQueryError('insert …', [], pgliteError));
  expect(logged).toMatchObject({ message: fullDisk.message, code: '53100' });
  expect(JSON.stringify(logged)).not.toContain('params');
  expect(failureReason(new Error(`x\u0000${'y'.repeat(2_000)}`))).toHaveLength(500);
});

it('is a reason the analysis’s row takes, where the query’s own message was refused', async () => {
  database = await openTestDatabase();
  const { db } = database;
  const [user] = await db.insert(users).values({ email: 'failure@example.com', username: 'size.2000' }).returning();
  const now = new Date();
  const [analysis] = await db
    .insert(analyses)
    .values({ userId: user?.id ?? '', username: 'size.2000', status: 'running', startedAt: now, updatedAt: now })
    .returning({ id: analyses.id });
  const fail = (error: string) =>
    db
      .update(analyses)
      .set({ status: 'failed', error })
      .where(eq(analyses.id, analysis?.id ?? ''));
  await expect(fail(String(failedPart))).rejects.toThrow();
  await fail(failureReason(failedPart));
  const [row] = await db
    .select()
    .from(analyses)
    .where(eq(analyses.id, analysis?.id ?? ''));
  expect(row?.status).toBe('failed');
  expect(row?.error).toContain('No space left on device');
});

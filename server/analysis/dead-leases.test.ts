// A started embedded server hands back the leases a dead process left (server/main.ts), and only those
// of work still open: a running analysis and an upload, not a finished one's record of who ran it.
import { eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/support/test-server.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { analyses, users } from '../db/schema.ts';
import { releaseDeadLeases } from './dead-leases.ts';

let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

it('frees the leases of running analyses and uploads, and leaves finished ones alone', async () => {
  database = await openTestDatabase();
  const { db } = database;
  const [user] = await db.insert(users).values({ email: 'leases@example.com', username: 'size.2000' }).returning();
  if (!user) throw new Error('no user');
  const held = {
    userId: user.id,
    username: user.username,
    startedAt: new Date(),
    updatedAt: new Date(),
    leaseOwner: 'host:4242:dead',
    leaseUntil: sql`now() + interval '1 hour'`,
  };
  const [running, uploading, complete] = await db
    .insert(analyses)
    .values([
      { ...held, status: 'running' },
      { ...held, status: 'uploading', source: 'download' },
      { ...held, status: 'complete' },
    ])
    .returning({ id: analyses.id });

  expect(await releaseDeadLeases(db)).toBe(2);
  const owner = async (id: string | undefined) =>
    (
      await db
        .select()
        .from(analyses)
        .where(eq(analyses.id, id ?? ''))
    )[0]?.leaseOwner;
  expect(await owner(running?.id)).toBeNull();
  expect(await owner(uploading?.id)).toBeNull();
  expect(await owner(complete?.id)).toBe('host:4242:dead');
});

// The key that hashes login codes, made once and shared by every server process through the database.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { settings } from '../db/schema.ts';

const KEY = 'code_hmac_key';

/** Reads the code-hashing key, creating it on first use. */
export async function loadCodeKey(db: Database): Promise<Buffer> {
  await db
    .insert(settings)
    .values({ key: KEY, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  if (!row) throw new Error('code key missing after insert');
  return Buffer.from(row.value, 'hex');
}

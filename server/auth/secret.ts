// Server-wide secrets (the login-code and human-check keys), made once and shared through the database.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { settings } from '../db/schema.ts';

/** Reads a server-wide secret, creating it on first use; every process gets the same one. */
export async function loadSecret(
  db: Database,
  name: 'code_hmac_key' | 'captcha_hmac_key' | 'media_hmac_key' | 'official_token_key',
): Promise<Buffer> {
  await db
    .insert(settings)
    .values({ key: name, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, name));
  if (!row) throw new Error(`${name} missing after insert`);
  return Buffer.from(row.value, 'hex');
}

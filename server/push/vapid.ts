// The VAPID keys the server signs push messages with (RFC 8292). Production gives them (VAPID_*;
// server/deployment.ts refuses to start without them); elsewhere a pair is made once and kept in the
// database, so every process and every restart signs with the same key and devices stay subscribed.
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../db/client.ts';
import { settings } from '../db/schema.ts';
import { type VapidKeys, vapidPublicKeyOf } from './settings.ts';

const KEY = 'vapid_keys';

/** The configured keys, or the database's pair (made on first use; every process gets the same one). */
export async function loadVapidKeys(
  db: Database,
  configured: VapidKeys | undefined,
  contact: string,
): Promise<VapidKeys> {
  if (configured) return configured;
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(settings)
    .values({ key: KEY, value: JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }) })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  const stored = JSON.parse(row?.value ?? '{}') as { publicKey?: string; privateKey?: string };
  if (!stored.privateKey || !stored.publicKey || vapidPublicKeyOf(stored.privateKey) !== stored.publicKey) {
    throw new Error(`${KEY} in the settings table is not a VAPID key pair`);
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: `mailto:${contact}` };
}

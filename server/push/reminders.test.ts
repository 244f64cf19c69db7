// The weekly download reminder (issue 33): due a week after asking and a week after the last one,
// never to an account whose download is fresh or whose subscription ended, and once however many look.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/support/test-server.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { PushJob, PushQueue } from './queue.ts';
import { queueDueReminders, REMIND_EVERY_MS } from './reminders.ts';
import { saveSubscription } from './subscriptions.ts';

const NOW = Date.UTC(2026, 10, 20, 12);
const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
let database: DatabaseHandle;
const queued: PushJob[] = [];
const queue: PushQueue = {
  kind: 'in-process',
  async send(job) {
    queued.push(job);
  },
  async work() {},
  async stop() {},
  backlog: async () => [],
};

beforeEach(async () => {
  database = await openTestDatabase();
  queued.length = 0;
});
afterEach(() => database.close());

async function owner(username: string, reminder: boolean) {
  const [user] = await database.db
    .insert(users)
    .values({ email: `${username}@example.com`, username, isSubscribed: true })
    .returning();
  const id = user?.id ?? '';
  const endpoint = `https://fcm.googleapis.com/fcm/send/${username}`;
  await saveSubscription(
    database.db,
    id,
    { endpoint, keys, weekly_reminder: reminder },
    { locale: 'it', sessionHash: username, now: new Date(NOW) },
  );
  return id;
}

it('reminds who asked, a week after asking and then weekly, once however many workers look', async () => {
  await owner('ada.download', true);
  await owner('ben.quiet', false);
  expect(await queueDueReminders(database.db, queue, new Date(NOW + REMIND_EVERY_MS - 60_000))).toBe(0);
  const due = new Date(NOW + REMIND_EVERY_MS + 60_000);
  const counts = await Promise.all([
    queueDueReminders(database.db, queue, due),
    queueDueReminders(database.db, queue, due),
  ]);
  expect(counts.sort()).toEqual([0, 1]);
  expect(queued).toHaveLength(1);
  expect(queued[0]?.message).toEqual({ kind: 'reminder' });
  expect(queued[0]?.expiresAt).toBe(due.getTime() + 24 * 3_600_000);
  expect(await queueDueReminders(database.db, queue, new Date(due.getTime() + REMIND_EVERY_MS - 60_000))).toBe(0);
  expect(await queueDueReminders(database.db, queue, new Date(due.getTime() + REMIND_EVERY_MS + 60_000))).toBe(1);
});

it('does not remind an account with a fresh download, nor one whose subscription ended', async () => {
  const fresh = await owner('cia.fresh', true);
  const lapsed = await owner('dev.lapsed', true);
  const due = new Date(NOW + REMIND_EVERY_MS + 60_000);
  await database.db
    .update(users)
    .set({ downloadTakenAt: new Date(due.getTime() - 86_400_000) })
    .where(eq(users.id, fresh));
  await database.db.update(users).set({ isSubscribed: false }).where(eq(users.id, lapsed));
  expect(await queueDueReminders(database.db, queue, due)).toBe(0);
});

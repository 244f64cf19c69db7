// Money-safety limits at the server (spec §9): payment attempts per IP, and the human check.
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { captchaPasses, paymentAttempts } from '../db/schema.ts';

/** spec §9: the attempt count resets after 10 minutes. */
export const ATTEMPT_WINDOW_MS = 10 * 60_000;
const PASS_TTL_MS = 10 * 60_000;

async function attemptsSince(db: Database, ip: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.ip, ip), gt(paymentAttempts.at, new Date(now.getTime() - ATTEMPT_WINDOW_MS))));
  return row?.n ?? 0;
}

/**
 * Counts an attempt unless the IP has had its `limit` in 10 minutes; false means refuse. The count
 * and the insert run under a transaction-scoped advisory lock on the IP, so concurrent requests (in
 * any API process on the same database) take turns and at most `limit` get through.
 */
export async function takeAttempt(db: Database, ip: string, now: Date, limit: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payment-attempts:' || ${ip}::text))`);
    if ((await attemptsSince(tx, ip, now)) >= limit) return false;
    await tx.insert(paymentAttempts).values({ ip, at: now });
    return true;
  });
}

/** Whether the human check is asked of this IP: always, never, or after an attempt in 10 minutes. */
export async function captchaWanted(db: Database, ip: string, now: Date, mode: 'auto' | 'always' | 'never') {
  if (mode !== 'auto') return mode === 'always';
  return (await attemptsSince(db, ip, now)) > 0;
}

const hashPass = (pass: string) => createHash('sha256').update(pass).digest('hex');

/** Issues a one-time pass after a solved challenge. */
export async function issueCaptchaPass(db: Database, ip: string, now: Date): Promise<string> {
  const pass = randomBytes(24).toString('base64url');
  await db
    .insert(captchaPasses)
    .values({ passHash: hashPass(pass), ip, expiresAt: new Date(now.getTime() + PASS_TTL_MS) });
  return pass;
}

/** Uses up a pass; false when it is unknown, spent, expired or from another IP. */
export async function spendCaptchaPass(
  db: Database,
  pass: string | undefined,
  ip: string,
  now: Date,
): Promise<boolean> {
  if (!pass) return false;
  const [spent] = await db
    .update(captchaPasses)
    .set({ usedAt: now })
    .where(
      and(
        eq(captchaPasses.passHash, hashPass(pass)),
        eq(captchaPasses.ip, ip),
        isNull(captchaPasses.usedAt),
        gt(captchaPasses.expiresAt, now),
      ),
    )
    .returning();
  return Boolean(spent);
}

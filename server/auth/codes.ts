// One-time login codes: made by a cryptographic generator, stored as an HMAC, valid 10 minutes,
// used once, dead after 5 wrong tries, and counted per email so guessing stays hopeless.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { loginCodes, loginFailures } from '../db/schema.ts';
import {
  CODE_DIGITS,
  CODE_TTL_MS,
  CODE_WINDOW_MS,
  FAILURE_WINDOW_MS,
  MAX_CODES_PER_WINDOW,
  MAX_FAILURES_PER_DAY,
  MAX_TRIES_PER_CODE,
} from './policy.ts';

export interface CodeContext {
  db: Database;
  key: Buffer;
  clock: Clock;
}

export type CheckOutcome =
  | { kind: 'ok' }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'dead' }
  | { kind: 'expired' }
  | { kind: 'locked' };

/** A uniformly random code of CODE_DIGITS digits. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

function hashCode(key: Buffer, email: string, code: string): Buffer {
  return createHmac('sha256', key).update(`${email}\n${code}`).digest();
}

/** Whether the email has used up its wrong guesses for the last 24 hours. */
export async function isLocked({ db, clock }: CodeContext, email: string): Promise<boolean> {
  const since = new Date(clock().getTime() - FAILURE_WINDOW_MS);
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.at, since)));
  return (row?.n ?? 0) >= MAX_FAILURES_PER_DAY;
}

/** Whether the email has had its 3 codes in the last 15 minutes. */
export async function hasTooManyCodes({ db, clock }: CodeContext, email: string): Promise<boolean> {
  const since = new Date(clock().getTime() - CODE_WINDOW_MS);
  const [row] = await db
    .select({ n: count() })
    .from(loginCodes)
    .where(and(eq(loginCodes.email, email), gt(loginCodes.createdAt, since)));
  return (row?.n ?? 0) >= MAX_CODES_PER_WINDOW;
}

/**
 * Stores a new code for the email and returns it. For an email with no account the stored hash is
 * of a code nobody is told, so both cases cost the same and reveal nothing.
 */
export async function issueCode(context: CodeContext, email: string, ip: string, deliverable: boolean) {
  const code = generateCode();
  const stored = deliverable ? code : generateCode();
  const now = context.clock();
  await context.db.insert(loginCodes).values({
    email,
    codeHash: hashCode(context.key, email, stored).toString('hex'),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    ip,
  });
  return code;
}

/**
 * Runs `work` in a transaction holding the email's turn: a transaction-scoped advisory lock on the
 * email, so one email's code sends and checks take turns in every API process on the database. What
 * one reads (its failures, its codes, its mail) the one before it has already written.
 */
export function inEmailsTurn<T>(db: Database, email: string, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login-code:' || ${email}::text))`);
    return work(tx);
  });
}

/**
 * Checks a code against the email's newest unused one, in the email's turn: guesses sent all at once
 * are compared one after the other, each counted before the next (without the turn, 30 at once had 30
 * tries at the code). `canSucceed` is false for an email with no account, so even a lucky guess there
 * counts as wrong.
 */
export function checkCode(
  context: CodeContext,
  email: string,
  code: string,
  ip: string,
  canSucceed: boolean,
): Promise<CheckOutcome> {
  return inEmailsTurn(context.db, email, (tx) => checkInTurn({ ...context, db: tx }, email, code, ip, canSucceed));
}

/** checkCode's work, holding the email's turn. */
async function checkInTurn(
  context: CodeContext,
  email: string,
  code: string,
  ip: string,
  canSucceed: boolean,
): Promise<CheckOutcome> {
  const { db, key, clock } = context;
  if (await isLocked(context, email)) return { kind: 'locked' };
  const now = clock();
  const [latest] = await db
    .select()
    .from(loginCodes)
    .where(and(eq(loginCodes.email, email), isNull(loginCodes.usedAt)))
    .orderBy(desc(loginCodes.createdAt), desc(loginCodes.id))
    .limit(1);
  if (!latest || latest.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' };
  if (latest.failedAttempts >= MAX_TRIES_PER_CODE) return { kind: 'dead' };

  const expected = Buffer.from(latest.codeHash, 'hex');
  const given = hashCode(key, email, code);
  if (canSucceed && expected.length === given.length && timingSafeEqual(expected, given)) {
    await db.update(loginCodes).set({ usedAt: now }).where(eq(loginCodes.id, latest.id));
    return { kind: 'ok' };
  }

  const failedAttempts = latest.failedAttempts + 1;
  await db.update(loginCodes).set({ failedAttempts }).where(eq(loginCodes.id, latest.id));
  await db.insert(loginFailures).values({ email, at: now, ip });
  if (await isLocked(context, email)) return { kind: 'locked' };
  const triesLeft = MAX_TRIES_PER_CODE - failedAttempts;
  return triesLeft > 0 ? { kind: 'wrong', triesLeft } : { kind: 'dead' };
}

// One-time login codes: made by a cryptographic generator, stored as an HMAC, valid 10 minutes,
// used once, dead after 5 wrong tries, and counted so guessing stays hopeless without letting a
// stranger lock the owner out (issue 48; the limits and their source are in policy.ts).
//
// Who asks is an *asker*: the address the request came from and, when the browser holds one, the device
// key the server gave it (an HttpOnly cookie, device.ts). A code belongs to the device that asked for it
// and to the address it was asked from: a stranger elsewhere cannot even guess at it. A device the account has logged in on before is
// *trusted*: its failures are counted for it alone. Every other asker is counted by its address, and all
// of them together for the email: 10 of their failures in 24 hours stop their checks, and from then on
// each new code's mail carries a one-time sign-in link, which works however many codes were guessed.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, max, ne, or, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { loginCodes, loginDevices, loginFailures } from '../db/schema.ts';
import {
  CODE_DIGITS,
  CODE_TTL_MS,
  CODE_WINDOW_MS,
  FAILURE_WINDOW_MS,
  MAX_CODES_PER_WINDOW,
  MAX_FAILURES_PER_DAY,
  MAX_TRIES_PER_CODE,
  MAX_UNTRUSTED_CODES_PER_WINDOW,
  slowdownMs,
} from './policy.ts';

export interface CodeContext {
  db: Database;
  key: Buffer;
  clock: Clock;
}

/** Who asks for or checks a code. */
export interface Asker {
  ip: string;
  /** SHA-256 (hex) of the browser's device key; undefined when it sent none. */
  deviceHash: string | undefined;
  /** The device has logged in to this email's account before (trustedFor). */
  trusted: boolean;
}

/** What a check answers. A guess compared and wrong is always `wrong` or `dead`, never a refusal. */
export type CheckOutcome =
  | { kind: 'ok' }
  /** `tripped`: this failure was the email's 10th from unknown devices today (the owner is told). */
  | { kind: 'wrong'; triesLeft: number; tripped: boolean }
  | { kind: 'dead'; tripped: boolean }
  | { kind: 'expired' }
  /** This asker has had its 10 wrong codes for this email in 24 hours. */
  | { kind: 'lockedHere' }
  /** This asker guessed wrong lately: its next try waits this long. */
  | { kind: 'slowed'; waitMs: number }
  /** Unknown devices have had their 10 wrong codes for this email: the sign-in link is the way in. */
  | { kind: 'useLink' };

export type SendRefusal = 'tooManyCodes' | 'tooManyForEmail' | 'lockedHere';

/** A uniformly random code of CODE_DIGITS digits. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

function hashCode(key: Buffer, email: string, code: string): Buffer {
  return createHmac('sha256', key).update(`${email}\n${code}`).digest();
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A device key as the database keeps it. */
export const deviceHashOf = (deviceKey: string) => sha256(`device\n${deviceKey}`);

/**
 * The address as it is counted: an IPv6 address by its /64, the block one subscriber line gets, so an
 * asker cannot take a fresh count from each of its 2^64 addresses; IPv4 (and IPv4-mapped) as it is.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4);
  return `${parts.join(':')}::/64`;
}

/** Whom a code belongs to: the device, or the address when the browser sent no device key. */
const requesterOf = (asker: Asker) => (asker.deviceHash ? `d:${asker.deviceHash}` : `ip:${addressKey(asker.ip)}`);

/** Whether `deviceHash` is a device `userId` has logged in on. */
export async function trustedFor(db: Database, userId: string | undefined, deviceHash: string | undefined) {
  if (!deviceHash) return false;
  // Asked for an email with no account too (a nil id), so both cost the same query.
  const [row] = await db
    .select({ userId: loginDevices.userId })
    .from(loginDevices)
    .where(and(eq(loginDevices.userId, userId ?? NIL_UUID), eq(loginDevices.deviceHash, deviceHash)))
    .limit(1);
  return Boolean(row) && Boolean(userId);
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** Remembers the device a login came from, so strangers' wrong codes never lock it out. */
export async function trustDevice(db: Database, userId: string, deviceHash: string | undefined, now: Date) {
  if (!deviceHash) return;
  await db
    .insert(loginDevices)
    .values({ userId, deviceHash, createdAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [loginDevices.userId, loginDevices.deviceHash], set: { lastSeenAt: now } });
}

/** The rows of loginFailures that count against this asker: its device if trusted, else its address. */
const askersFailures = (email: string, asker: Asker) =>
  asker.trusted
    ? and(
        eq(loginFailures.email, email),
        eq(loginFailures.trusted, true),
        eq(loginFailures.deviceHash, asker.deviceHash ?? ''),
      )
    : and(eq(loginFailures.email, email), eq(loginFailures.trusted, false), eq(loginFailures.ip, addressKey(asker.ip)));

/** This asker's wrong codes for the email in the last 24 hours, and when the newest was. */
async function askersStanding({ db, clock }: CodeContext, email: string, asker: Asker) {
  const since = new Date(clock().getTime() - FAILURE_WINDOW_MS);
  const [row] = await db
    .select({ n: count(), newest: max(loginFailures.at) })
    .from(loginFailures)
    .where(and(askersFailures(email, asker), gt(loginFailures.at, since)));
  return { failures: row?.n ?? 0, newest: row?.newest ? new Date(row.newest).getTime() : 0 };
}

/** Unknown devices' wrong codes for the email in the last 24 hours, all addresses together. */
async function untrustedFailures({ db, clock }: CodeContext, email: string): Promise<number> {
  const since = new Date(clock().getTime() - FAILURE_WINDOW_MS);
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.trusted, false), gt(loginFailures.at, since)));
  return row?.n ?? 0;
}

/** Whether unknown devices have had their 10 wrong codes for the email: new codes' mail carries a link. */
export async function isGuessedAt(context: CodeContext, email: string): Promise<boolean> {
  return (await untrustedFailures(context, email)) >= MAX_FAILURES_PER_DAY;
}

/** Why this asker may not have another code now, if it may not. */
export async function sendRefusal(context: CodeContext, email: string, asker: Asker): Promise<SendRefusal | undefined> {
  const { db, clock } = context;
  if ((await askersStanding(context, email, asker)).failures >= MAX_FAILURES_PER_DAY) return 'lockedHere';
  const since = new Date(clock().getTime() - CODE_WINDOW_MS);
  const recent = and(eq(loginCodes.email, email), gt(loginCodes.createdAt, since));
  const [own] = await db
    .select({ n: count() })
    .from(loginCodes)
    .where(
      and(
        recent,
        asker.trusted
          ? and(eq(loginCodes.trusted, true), eq(loginCodes.requester, requesterOf(asker)))
          : and(eq(loginCodes.trusted, false), eq(loginCodes.ip, addressKey(asker.ip))),
      ),
    );
  if ((own?.n ?? 0) >= MAX_CODES_PER_WINDOW) return 'tooManyCodes';
  if (asker.trusted) return undefined;
  const [unknown] = await db
    .select({ n: count() })
    .from(loginCodes)
    .where(and(recent, eq(loginCodes.trusted, false), ne(loginCodes.requester, '')));
  return (unknown?.n ?? 0) >= MAX_UNTRUSTED_CODES_PER_WINDOW ? 'tooManyForEmail' : undefined;
}

export interface IssuedCode {
  code: string;
  /** The one-time sign-in link's token, when the mail is to carry one. */
  linkToken: string | undefined;
}

/**
 * Stores a new code for the email and returns it, with a sign-in link's token when `withLink`. For an
 * email with no account the stored hash is of a code nobody is told, so both cases cost the same and
 * reveal nothing. `asker` is undefined for a code the server sends of its own (after a payment): any
 * asker may check it.
 */
export async function issueCode(
  context: CodeContext,
  email: string,
  asker: Asker | undefined,
  deliverable: boolean,
  withLink = false,
): Promise<IssuedCode> {
  const code = generateCode();
  const stored = deliverable ? code : generateCode();
  const linkToken = withLink ? randomBytes(32).toString('base64url') : undefined;
  const now = context.clock();
  await context.db.insert(loginCodes).values({
    email,
    codeHash: hashCode(context.key, email, stored).toString('hex'),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    ip: asker ? addressKey(asker.ip) : '',
    requester: asker ? requesterOf(asker) : '',
    trusted: asker?.trusted ?? false,
    // An email with no account gets no link either: its hash is of a token nobody is told.
    linkHash: linkToken ? sha256(deliverable ? linkToken : randomBytes(32).toString('base64url')) : null,
  });
  return { code, linkToken: deliverable ? linkToken : undefined };
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
 * Checks a code against the asker's newest unused one for the email, in the email's turn: guesses sent
 * all at once are compared one after the other, each counted before the next (without the turn, 30 at
 * once had 30 tries at the code). `canSucceed` is false for an email with no account, so even a lucky
 * guess there counts as wrong.
 */
export function checkCode(
  context: CodeContext,
  email: string,
  code: string,
  asker: Asker,
  canSucceed: boolean,
): Promise<CheckOutcome> {
  return inEmailsTurn(context.db, email, (tx) => checkInTurn({ ...context, db: tx }, email, code, asker, canSucceed));
}

/** checkCode's work, holding the email's turn. */
async function checkInTurn(
  context: CodeContext,
  email: string,
  code: string,
  asker: Asker,
  canSucceed: boolean,
): Promise<CheckOutcome> {
  const { db, key, clock } = context;
  const now = clock();
  const standing = await askersStanding(context, email, asker);
  if (standing.failures >= MAX_FAILURES_PER_DAY) return { kind: 'lockedHere' };
  const [latest] = await db
    .select()
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.email, email),
        isNull(loginCodes.usedAt),
        // The asker's own: asked for from its device or its address, or sent by the server itself.
        or(
          asker.deviceHash ? eq(loginCodes.requester, requesterOf(asker)) : undefined,
          eq(loginCodes.ip, addressKey(asker.ip)),
          eq(loginCodes.requester, ''),
        ),
      ),
    )
    .orderBy(desc(loginCodes.createdAt), desc(loginCodes.id))
    .limit(1);
  // An expired or dead code compares nothing: the asker is told to ask for another, wait or not.
  if (!latest || latest.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' };
  if (latest.failedAttempts >= MAX_TRIES_PER_CODE) return { kind: 'dead', tripped: false };

  const waitMs = standing.newest + slowdownMs(standing.failures) - now.getTime();
  if (waitMs > 0) return { kind: 'slowed', waitMs };
  if (!asker.trusted && (await isGuessedAt(context, email))) return { kind: 'useLink' };

  const expected = Buffer.from(latest.codeHash, 'hex');
  const given = hashCode(key, email, code);
  if (canSucceed && expected.length === given.length && timingSafeEqual(expected, given)) {
    await db.update(loginCodes).set({ usedAt: now }).where(eq(loginCodes.id, latest.id));
    return { kind: 'ok' };
  }

  const failedAttempts = latest.failedAttempts + 1;
  await db.update(loginCodes).set({ failedAttempts }).where(eq(loginCodes.id, latest.id));
  await db.insert(loginFailures).values({
    email,
    at: now,
    ip: addressKey(asker.ip),
    deviceHash: asker.deviceHash ?? null,
    trusted: asker.trusted,
  });
  // The failure that makes the 10th from unknown devices: the owner is told, once.
  const tripped = !asker.trusted && (await untrustedFailures(context, email)) === MAX_FAILURES_PER_DAY;
  const triesLeft = MAX_TRIES_PER_CODE - failedAttempts;
  return triesLeft > 0 ? { kind: 'wrong', triesLeft, tripped } : { kind: 'dead', tripped };
}

/**
 * Uses a one-time sign-in link: its code's email when the link is good (unused, under 10 minutes old),
 * and the code is then used up; undefined otherwise. No count of wrong codes stops it: the link is 256
 * random bits, mailed to the owner alone.
 */
export async function useSignInLink(context: CodeContext, token: string): Promise<string | undefined> {
  const linkHash = sha256(token);
  const [found] = await context.db
    .select({ email: loginCodes.email })
    .from(loginCodes)
    .where(eq(loginCodes.linkHash, linkHash))
    .limit(1);
  if (!found) return undefined;
  return inEmailsTurn(context.db, found.email, async (tx) => {
    const now = context.clock();
    const used = await tx
      .update(loginCodes)
      .set({ usedAt: now })
      .where(and(eq(loginCodes.linkHash, linkHash), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, now)))
      .returning({ email: loginCodes.email });
    return used[0]?.email;
  });
}

// The human check: ALTCHA's self-hosted proof of work, so no outside service is involved. A solved
// challenge is verified here and can be used once, by any API process: the solved challenge's id is
// claimed in the shared database (table captcha_replays), and a second claim is a replay.
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { type AltchaOptions, create } from 'altcha-lib/frameworks/fastify';
import { eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { captchaReplays } from '../db/schema.ts';
import { dbNowPlus, sweepNowAndThen } from '../db/time.ts';

export interface CaptchaService {
  /** A signed challenge for the widget. */
  challenge(): Promise<unknown>;
  /** Whether the widget's payload solves one of our challenges, not seen before. */
  verify(payload: string): Promise<boolean>;
}

/** A challenge expires 10 minutes after it is issued (signed into it, checked by ALTCHA). */
export const CHALLENGE_TTL_MS = 10 * 60_000;
/**
 * A claimed challenge is remembered this long past its use: longer than any challenge lives, with an
 * hour to spare for API processes whose clocks run behind (each checks expiry by its own clock).
 */
export const REPLAY_RETENTION_MS = CHALLENGE_TTL_MS + 60 * 60_000;
/** How often one process deletes forgotten claims, at most. */
export const REPLAY_SWEEP_EVERY_MS = 60_000;

type Store = NonNullable<AltchaOptions['store']>;

/** PBKDF2 with a few hundred iterations per try: a fraction of a second for a person, a cost for a bot farm. */
const parameters = () => ({
  algorithm: 'PBKDF2/SHA-256',
  cost: 200,
  counter: randomInt(500, 2_000),
  expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
});

/** Deletes claims past their retention (by the database's clock); returns how many went. */
export async function sweepCaptchaReplays(db: Database): Promise<number> {
  const gone = await db
    .delete(captchaReplays)
    .where(lte(captchaReplays.expiresAt, sql`now()`))
    .returning({ challenge: captchaReplays.challenge });
  return gone.length;
}

export interface CaptchaOptions {
  /** Least time between two sweeps by this process; REPLAY_SWEEP_EVERY_MS unless told. */
  sweepEveryMs?: number;
  /** Told when a sweep fails (a failed sweep never fails a check). */
  onSweepError?: (error: unknown) => void;
}

/**
 * ALTCHA's replay store over captcha_replays. ALTCHA calls `setIfAbsent` with the challenge's id
 * (its signed nonce) only once the solution verified; the insert is atomic, so of two processes
 * claiming the same challenge at once exactly one succeeds.
 */
function replayStore(db: Database, options: CaptchaOptions): Store {
  const maybeSweep = sweepNowAndThen(
    () => sweepCaptchaReplays(db),
    options.sweepEveryMs ?? REPLAY_SWEEP_EVERY_MS,
    options.onSweepError,
  );
  const claim = async (challenge: string) => {
    maybeSweep();
    const claimed = await db
      .insert(captchaReplays)
      .values({ challenge, expiresAt: dbNowPlus(REPLAY_RETENTION_MS) })
      .onConflictDoNothing({ target: captchaReplays.challenge })
      .returning({ challenge: captchaReplays.challenge });
    return claimed.length > 0;
  };
  return {
    setIfAbsent: claim,
    // ALTCHA uses get/set only for stores without setIfAbsent; kept correct all the same.
    get: async (challenge) =>
      (await db.select().from(captchaReplays).where(eq(captchaReplays.challenge, challenge))).length > 0,
    set: claim,
  };
}

export function altchaCaptcha(secret: string, db: Database, options: CaptchaOptions = {}): CaptchaService {
  const used = replayStore(db, options);
  const altcha = create({ createChallengeParameters: parameters, deriveKey, hmacSignatureSecret: secret, store: used });
  return {
    challenge: () => createChallenge({ ...parameters(), deriveKey, hmacSignatureSecret: secret }),
    async verify(payload) {
      const result = await altcha.verify(payload, deriveKey, secret, undefined, used);
      return !result.error && Boolean(result.verification?.verified);
    },
  };
}

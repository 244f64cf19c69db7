// The human check: ALTCHA's self-hosted proof of work, so no outside service is involved. A solved
// challenge is verified here and can be used once.
import { CappedMap, createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { create } from 'altcha-lib/frameworks/fastify';

export interface CaptchaService {
  /** A signed challenge for the widget. */
  challenge(): Promise<unknown>;
  /** Whether the widget's payload solves one of our challenges, not seen before. */
  verify(payload: string): Promise<boolean>;
}

/** PBKDF2 with a few hundred iterations per try: a fraction of a second for a person, a cost for a bot farm. */
const parameters = () => ({
  algorithm: 'PBKDF2/SHA-256',
  cost: 200,
  counter: randomInt(500, 2_000),
  expiresAt: new Date(Date.now() + 10 * 60_000),
});

export function altchaCaptcha(secret: string): CaptchaService {
  // Replay protection per process; several API processes would share it through the database.
  const used = new CappedMap<string, boolean>({ maxSize: 100_000 });
  const altcha = create({ createChallengeParameters: parameters, deriveKey, hmacSignatureSecret: secret, store: used });
  return {
    challenge: () => createChallenge({ ...parameters(), deriveKey, hmacSignatureSecret: secret }),
    async verify(payload) {
      const result = await altcha.verify(payload, deriveKey, secret, undefined, used);
      return !result.error && Boolean(result.verification?.verified);
    },
  };
}

// A request resent with the same Idempotency-Key is answered once and done once.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../../tests/support/test-server.ts';
import { issueToken } from '../auth/tokens.ts';
import { supportQueries, users } from '../db/schema.ts';

const harness = serverPerTest();

async function login() {
  const [user] = await harness.app.services.db
    .insert(users)
    .values({ email: `i${Math.random()}@example.com`, username: 'ana', isSubscribed: true })
    .returning();
  if (!user) throw new Error('no user');
  return { user, authorization: `Bearer ${await issueToken(harness.app.services.db, user.id, harness.server.now())}` };
}

const support = (authorization: string, key: string | undefined, query = 'Where is my receipt?') =>
  harness.app.inject({
    method: 'POST',
    url: '/api/v1/client/support/query/',
    headers: { authorization, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { query },
  });

describe('idempotency keys', () => {
  it('stores a support message once however often it is resent, and answers each resend the same', async () => {
    await harness.start();
    const { user, authorization } = await login();
    const key = 'outbox-3f1c2a9e-aaaa';
    const first = await support(authorization, key);
    const again = await support(authorization, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replay']).toBe('true');
    const rows = await harness.app.services.db.select().from(supportQueries).where(eq(supportQueries.userId, user.id));
    expect(rows).toHaveLength(1);
    // Without a key, each send is its own.
    await support(authorization, undefined);
    await support(authorization, undefined);
    expect(
      await harness.app.services.db.select().from(supportQueries).where(eq(supportQueries.userId, user.id)),
    ).toHaveLength(3);
  });

  it('keeps keys per user, refuses a key reused on another route, and a malformed key', async () => {
    await harness.start();
    const ana = await login();
    const bob = await login();
    const key = 'shared-key-123456';
    expect((await support(ana.authorization, key)).statusCode).toBe(200);
    expect((await support(bob.authorization, key)).headers['idempotent-replay']).toBeUndefined();
    const clear = await harness.app.inject({
      url: '/api/v1/client/insta/clear/data',
      headers: { authorization: ana.authorization, 'idempotency-key': key },
    });
    expect(clear.statusCode).toBe(422);
    expect((await support(ana.authorization, 'bad key!')).statusCode).toBe(400);
  });

  it('lets a key run again after a day', async () => {
    await harness.start();
    const { user, authorization } = await login();
    await support(authorization, 'daily-key-0000001');
    harness.server.advance(25 * 3_600_000);
    expect((await support(authorization, 'daily-key-0000001')).headers['idempotent-replay']).toBeUndefined();
    expect(
      await harness.app.services.db.select().from(supportQueries).where(eq(supportQueries.userId, user.id)),
    ).toHaveLength(2);
  });
});

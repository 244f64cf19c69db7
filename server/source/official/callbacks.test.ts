// The platform's deauthorize and data-deletion callbacks (issue 49): a signed request verified with the
// app secret deletes the sealed token and the account's official data at once; the owner sees why and
// can connect again; a deletion request is answered with a status URL that works and its code.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { allowAs } from '../../../tests/support/official/environment.ts';
import { collectFromReference, type ReferenceRun } from '../../../tests/support/official/reference-run.ts';
import { officialDays, officialMedia, officialTokens, users } from '../../db/schema.ts';
import { verifySignedRequest } from './callbacks.ts';

let run: ReferenceRun | undefined;
afterEach(async () => {
  await run?.close();
  run = undefined;
});

const form = (signed: string) => ({
  payload: new URLSearchParams({ signed_request: signed }).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

async function collected() {
  run = await collectFromReference({ media: 12, followers: 12_400, failureRate: 0, throttleRate: 0 });
  const { db } = run.server.app.services;
  const held = async () => ({
    tokens: (await db.select().from(officialTokens)).length,
    media: (await db.select().from(officialMedia)).length,
    days: (await db.select().from(officialDays)).length,
  });
  return { run, db, held };
}

describe('the platform’s callbacks', () => {
  it('verify the signed request with the app secret, and refuse any other', () => {
    const secret = 'reference-secret';
    const payload = Buffer.from(JSON.stringify({ algorithm: 'HMAC-SHA256', user_id: '1784', issued_at: 1 })).toString(
      'base64url',
    );
    const signature = createHmac('sha256', secret).update(payload).digest('base64url');
    expect(verifySignedRequest(`${signature}.${payload}`, secret)).toEqual({ userId: '1784', issuedAt: 1 });
    // The platform's signatures may come padded.
    expect(verifySignedRequest(`${signature}=.${payload}`, secret)?.userId).toBe('1784');
    expect(verifySignedRequest(`${signature}.${payload}`, 'another-secret')).toBeUndefined();
    expect(verifySignedRequest(`${signature}x.${payload}`, secret)).toBeUndefined();
    expect(verifySignedRequest(`${signature}.${payload}.x`, secret)).toBeUndefined();
    expect(verifySignedRequest('nonsense', secret)).toBeUndefined();
  });

  it('deauthorize: deletes the token and the official data at once, says so, and the owner can connect again', async () => {
    const { run, db, held } = await collected();
    expect(await held()).toMatchObject({ tokens: 1, media: 12 });
    const url = '/api/v1/official/deauthorize';
    const forged = await run.server.app.inject({ method: 'POST', url, ...form('AAAA.BBBB') });
    expect(forged.statusCode).toBe(400);
    expect((await held()).tokens).toBe(1);

    const answer = await run.server.app.inject({
      method: 'POST',
      url,
      ...form(run.fake.signedRequest('lumen.studio')),
    });
    expect(answer.statusCode).toBe(200);
    expect(await held()).toEqual({ tokens: 0, media: 0, days: 0 });
    const [user] = await db.select().from(users).where(eq(users.username, 'lumen.studio'));
    expect(user?.officialStatus).toBe('deauthorized');
    expect(user?.officialCounts).toBeNull();
    const detail = await run.server.app.inject({
      method: 'POST',
      url: '/api/v1/client/user/detail/',
      headers: run.headers,
    });
    expect(detail.json().user.official.status).toBe('deauthorized');

    // Connect again: the consent flow works as the first time.
    const start = await run.server.app.inject({
      method: 'GET',
      url: '/api/v1/client/official/connect',
      headers: run.headers,
    });
    const back = await allowAs(start.json().authorize_url, 'lumen.studio');
    const again = await run.server.app.inject({
      method: 'POST',
      url: '/api/v1/client/official/connect',
      headers: run.headers,
      payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.official.status).toBe('active');
  });

  it('data deletion: deletes at once and answers { url, confirmation_code }, the url a status page that works', async () => {
    const { run, held } = await collected();
    const answer = await run.server.app.inject({
      method: 'POST',
      url: '/api/v1/official/deletion',
      ...form(run.fake.signedRequest('lumen.studio')),
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as { url: string; confirmation_code: string };
    expect(Object.keys(body).sort()).toEqual(['confirmation_code', 'url']);
    expect(body.confirmation_code).toMatch(/^[0-9a-z]+$/);
    expect(await held()).toEqual({ tokens: 0, media: 0, days: 0 });
    const status = new URL(body.url);
    // The app's own address (the redirect URI's origin), and a page a person can read.
    expect(status.origin).toBe('https://app.followscope.test');
    const page = await run.server.app.inject({
      method: 'GET',
      url: status.pathname,
      headers: { 'accept-language': 'fr' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(body.confirmation_code);
    expect(page.body).toContain('data-status="deleted"');
    expect(page.body).toContain('lang="fr"');
    const unknown = await run.server.app.inject({
      method: 'GET',
      url: '/api/v1/official/deletion/0123456789abcdef01234567',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/No deletion request has this confirmation code/);
  });
});

// Web Push end to end in the server (issue 33): devices subscribe through the API, a collection that
// finds changes sends each device one digest through the local push service, which checks the VAPID
// JWT and decrypts what arrives; what a push service answers decides what happens to the subscription.
import { Agent } from 'node:https';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDownload } from '../../tests/support/imports.ts';
import { type PushServiceDouble, startPushService } from '../../tests/support/push-service.ts';
import { serverPerTest, subscribedAccount, testSettings } from '../../tests/support/test-server.ts';
import { issueToken } from '../auth/tokens.ts';
import { analyses, officialDays, pushSubscriptions } from '../db/schema.ts';
import { digestOf } from './announce.ts';
import { pushServiceHosts } from './hosts.ts';
import { MAX_DEVICES } from './subscriptions.ts';

const DAY = 24 * 3_600_000;
const harness = serverPerTest();
let service: PushServiceDouble;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());

/** A ready server that sends pushes to the local push service. */
async function start() {
  await harness.start({
    settings: { ...testSettings, push: { vapid: undefined, serviceHosts: pushServiceHosts(service.host) } },
    pushAgent: new Agent({ ca: service.ca }),
  });
  await harness.app.ready();
}

async function account(username: string) {
  const { user, token, authorization } = await subscribedAccount(harness.server, username);
  return { user, token, auth: { authorization } };
}

async function publicKey(auth: Record<string, string>): Promise<string> {
  const answer = (await harness.app.inject({ url: '/api/v1/client/push/key/', headers: auth })).json();
  expect(answer.enabled).toBe(true);
  return answer.public_key;
}

function subscribe(auth: Record<string, string>, body: unknown, language = 'en') {
  return harness.app.inject({
    method: 'POST',
    url: '/api/v1/client/push/subscription/',
    headers: { ...auth, 'accept-language': language },
    payload: body as Record<string, unknown>,
  });
}

const devicesOf = (userId: string) =>
  harness.app.services.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('turning notifications on and off', () => {
  it('keeps a device of an allowed push service, never sends it back, and forgets it when asked', async () => {
    await start();
    const { user, auth } = await account('ana.push');
    const device = service.subscribe(await publicKey(auth));
    const on = await subscribe(auth, { ...device, weekly_reminder: true }, 'fr-FR,fr;q=0.9');
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ message: 'Les notifications sont activées sur cet appareil.', weekly_reminder: true });
    expect(on.body).not.toContain(device.keys.auth);
    const [stored] = await devicesOf(user.id);
    expect(stored).toMatchObject({ endpoint: device.endpoint, locale: 'fr', weeklyReminder: true });

    // The app telling the server again on open changes nothing it did not say.
    expect((await subscribe(auth, device)).json().weekly_reminder).toBe(true);
    expect(await devicesOf(user.id)).toHaveLength(1);

    const off = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/push/unsubscribe/',
      headers: auth,
      payload: { endpoint: device.endpoint },
    });
    expect(off.json().message).toBe('Notifications are off for this device.');
    expect(await devicesOf(user.id)).toHaveLength(0);
  });

  it('refuses a push service it may not post to, and keys no message could be encrypted for', async () => {
    await start();
    const { user, auth } = await account('bea.push');
    const device = service.subscribe();
    for (const endpoint of [
      'https://push.attacker.example/p/1',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://169.254.169.254/latest/meta-data/',
      device.endpoint.replace(service.host, '127.0.0.1:1'),
    ]) {
      const refused = await subscribe(auth, { ...device, endpoint }, 'es');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toMatch(/^Este navegador entrega las notificaciones mediante un servicio/);
    }
    const notAPoint = { ...device, keys: { ...device.keys, p256dh: `B${'A'.repeat(86)}` } };
    expect((await subscribe(auth, notAPoint)).json().message).toMatch(/incomplete notification subscription/);
    expect((await subscribe(auth, { ...device, keys: { p256dh: 'x', auth: 'y' } })).statusCode).toBe(400);
    expect(await devicesOf(user.id)).toHaveLength(0);
  });

  it('keeps at most 20 devices an account, dropping the one heard from longest ago', async () => {
    await start();
    const { user, auth } = await account('eli.push');
    const devices = Array.from({ length: MAX_DEVICES + 1 }, () => service.subscribe());
    for (const device of devices) {
      await subscribe(auth, device);
      harness.server.advance(1000);
    }
    const kept = (await devicesOf(user.id)).map((row) => row.endpoint).sort();
    expect(kept).toEqual(
      devices
        .slice(1)
        .map((device) => device.endpoint)
        .sort(),
    );
  });

  it('logging out removes the devices that login subscribed, and no other', async () => {
    await start();
    const { user, auth } = await account('cai.push');
    const phoneLogin = {
      authorization: `Bearer ${await issueToken(harness.app.services.db, user.id, harness.server.now())}`,
    };
    const laptop = service.subscribe();
    const phone = service.subscribe();
    await subscribe(auth, laptop);
    await subscribe(phoneLogin, phone);
    await harness.app.inject({ url: '/api/v1/client/logout/', headers: phoneLogin });
    expect((await devicesOf(user.id)).map((row) => row.endpoint)).toEqual([laptop.endpoint]);
  });

  it('moves a device to another account only for the same device, never for its endpoint alone (issue 48)', async () => {
    await start();
    const ana = await account('eva.push');
    const ben = await account('ben.push');
    const phone = service.subscribe();
    expect((await subscribe(ana.auth, phone)).statusCode).toBe(200);
    // Ben posts Ana's endpoint with keys of his own: refused, and Ana keeps her phone.
    const other = service.subscribe();
    const taken = await subscribe(ben.auth, { ...phone, keys: other.keys });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/belong to another account/);
    expect((await devicesOf(ana.user.id)).map((row) => row.endpoint)).toEqual([phone.endpoint]);
    expect(await devicesOf(ben.user.id)).toEqual([]);
    // The same phone, logged in as Ben, carries its own subscription's secret: it moves.
    expect((await subscribe(ben.auth, phone)).statusCode).toBe(200);
    expect(await devicesOf(ana.user.id)).toEqual([]);
    expect((await devicesOf(ben.user.id)).map((row) => row.endpoint)).toEqual([phone.endpoint]);
  });

  it('says so when the server sends no notifications', async () => {
    await harness.start();
    const { auth } = await account('dan.push');
    expect((await harness.app.inject({ url: '/api/v1/client/push/key/', headers: auth })).json()).toEqual({
      enabled: false,
      public_key: null,
    });
    expect((await subscribe(auth, service.subscribe(), 'de')).json().message).toBe(
      'Benachrichtigungen sind auf diesem Server nicht eingerichtet.',
    );
  });
});

describe('the digest of a collection', () => {
  it('an analysis that finds changes sends each device one digest of counts, in its language', async () => {
    await start();
    const { user, auth } = await account('followscope.demo');
    const key = await publicKey(auth);
    const phone = service.subscribe(key);
    const tablet = service.subscribe(key);
    await subscribe(auth, phone, 'pt-BR');
    await subscribe(auth, tablet, 'en');
    const before = service.received.length;
    const analyse = () => harness.app.inject({ url: '/api/v1/client/insta/start/analysis/', headers: auth });

    // The baseline finds nothing to announce.
    expect((await analyse()).statusCode).toBe(200);
    harness.server.advance(3 * DAY);
    const from = new Date(harness.server.now().getTime() - 3 * DAY);
    const second = (await analyse()).json().user;
    const truth = harness.app.sampleNetwork.groundTruth('followscope.demo', from, harness.server.now());
    expect(second.new_followers + second.followers_lost).toBeGreaterThan(0);

    const messages = (await service.waitForMessages(before + 2)).slice(before);
    const byDevice = new Map(messages.map((message) => [message.endpoint, message]));
    const english = JSON.parse(byDevice.get(tablet.endpoint)?.payload ?? '{}');
    expect(english).toMatchObject({
      v: 1,
      kind: 'digest',
      title: 'Changes on your account',
      url: second.new_followers > 0 ? '/newfollowers' : '/followerslost',
      changes: second.new_followers + second.followers_lost,
    });
    expect(english.body).toContain(`${second.new_followers} new follower`);
    expect(english.tag).toMatch(/^digest-[\w-]{12}$/);
    const portuguese = JSON.parse(byDevice.get(phone.endpoint)?.payload ?? '{}');
    expect(portuguese.title).toBe('Novidades na sua conta');
    expect(portuguese.tag).toBe(english.tag);
    for (const message of messages) {
      expect(message).toMatchObject({ ttl: 86_400, topic: 'digest', urgency: 'normal' });
      // Never a name on a lock screen.
      for (const name of [...truth.followed, ...truth.unfollowed]) expect(message.payload).not.toContain(name);
    }
    // Each device heard of this analysis once (its key is kept: the same collection is never announced twice).
    const [latest] = await harness.app.services.db
      .select({ id: analyses.id })
      .from(analyses)
      .where(eq(analyses.userId, user.id))
      .orderBy(desc(analyses.startedAt))
      .limit(1);
    await expect
      .poll(async () => (await devicesOf(user.id)).map((row) => row.lastDigest))
      .toEqual([`analysis:${latest?.id}`, `analysis:${latest?.id}`]);
    expect(service.received.length).toBe(before + 2);
  });

  it('an import that finds changes sends its digest too', async () => {
    await start();
    const { token, auth } = await account('eva.import');
    const device = service.subscribe(await publicKey(auth));
    await subscribe(auth, device);
    const before = service.received.length;
    const at = Math.floor(harness.server.now().getTime() / 1000) - 400 * 86_400;
    const follows = (names: string[]) => names.map((name, i) => ({ name, at: at + i }));
    const spec = { owner: 'eva.import', following: follows(['zed']) };
    await importDownload(harness.app, { ...spec, followers: [follows(['ana', 'bob'])], writtenAt: at + 100 }, token);
    // Cris and Dan followed after the first download: two arrivals, not Bob under a new name (issue 50).
    const second = await importDownload(
      harness.app,
      {
        ...spec,
        followers: [[{ name: 'ana', at }, ...follows(['cris', 'dan']).map((f) => ({ ...f, at: f.at + 150 }))]],
        writtenAt: at + 200,
      },
      token,
    );
    expect(second).toMatchObject({ ok: true, status: 'imported' });
    const [message] = (await service.waitForMessages(before + 1)).slice(before);
    expect(JSON.parse(message?.payload ?? '{}')).toMatchObject({
      body: '2 new followers and 1 follower lost.',
      changes: 3,
    });
  });

  it('the official API’s daily collection announces the last whole day’s counts, once', async () => {
    await start();
    const { user } = await account('fay.official');
    const db = harness.app.services.db;
    const finishedAt = new Date(Date.UTC(2026, 10, 21, 6));
    const collection = async () => {
      const [row] = await db
        .insert(analyses)
        .values({
          userId: user.id,
          username: 'fay.official',
          status: 'complete',
          source: 'official',
          startedAt: finishedAt,
          updatedAt: finishedAt,
          finishedAt,
        })
        .returning({ id: analyses.id });
      return row?.id ?? '';
    };
    await db
      .insert(officialDays)
      .values({ userId: user.id, day: '2026-11-20', follows: 4, unfollows: 1, profileViews: 31 });
    const first = await digestOf(db, await collection());
    expect(first?.message).toEqual({
      kind: 'digest',
      key: 'official:2026-11-20',
      counts: { newFollowers: 4, lostFollowers: 1, profileVisits: 31 },
    });
    // A second collection the same day names the same day, which a device hears once (deliver.ts).
    expect((await digestOf(db, await collection()))?.message.key).toBe('official:2026-11-20');
  });
});

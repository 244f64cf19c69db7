// A started fake of the official API with one account and a long-lived token for it, for tests that
// call the fake directly as the platform would be called (the reference's rules, issue 49).
import { allowAs } from './environment.ts';
import { type FakeAccountOptions, type FakeInstagram, fakeAccount, startFakeInstagram } from './fake-api.ts';

const APP = { appId: '990602627938098', appSecret: 'reference-secret' };
const REDIRECT = 'https://app.followscope.test/connected';
const SCOPES = 'instagram_business_basic,instagram_business_manage_insights,instagram_business_manage_comments';

// biome-ignore lint/suspicious/noExplicitAny: answers of many documented shapes
export type Json = Record<string, any>;

export interface DirectFake {
  fake: FakeInstagram;
  account: ReturnType<typeof fakeAccount>;
  /** GET a Graph path with the account's token: the status and the parsed body. */
  graph(path: string, params: Record<string, string>): Promise<{ status: number; body: Json }>;
}

/** Starts the fake at `now` with the account, consents as it and exchanges the code for a long-lived token. */
export async function directFake(
  account: Omit<FakeAccountOptions, 'username' | 'seed' | 'follows' | 'now'> & { seed?: number },
  now: number,
): Promise<DirectFake> {
  const lumen = fakeAccount({ username: 'lumen.studio', seed: 11, follows: 310, now, ...account });
  const fake = await startFakeInstagram({
    ...APP,
    redirectUris: [REDIRECT],
    accounts: [lumen],
    now: () => now,
    callsPerHour: 1e6,
  });
  const authorize = new URL('/oauth/authorize', fake.url);
  const query = { client_id: APP.appId, redirect_uri: REDIRECT, response_type: 'code', scope: SCOPES };
  for (const [key, value] of Object.entries(query)) authorize.searchParams.set(key, value);
  const code = (await allowAs(authorize.toString(), 'lumen.studio')).searchParams.get('code') ?? '';
  const form = { ...APP, client_id: APP.appId, client_secret: APP.appSecret };
  const short = (await (
    await fetch(new URL('/oauth/access_token', fake.url), {
      method: 'POST',
      body: new URLSearchParams({
        client_id: form.client_id,
        client_secret: form.client_secret,
        grant_type: 'authorization_code',
        redirect_uri: REDIRECT,
        code,
      }),
    })
  ).json()) as Json;
  const exchange = new URLSearchParams({
    grant_type: 'ig_exchange_token',
    client_secret: APP.appSecret,
    access_token: short.data[0].access_token,
  });
  const long = (await (await fetch(`${fake.url}/access_token?${exchange}`)).json()) as Json;
  const graph = async (path: string, params: Record<string, string>) => {
    const response = await fetch(`${fake.url}/v24.0${path}?${new URLSearchParams(params)}`, {
      headers: { authorization: `Bearer ${long.access_token}` },
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  return { fake, account: lumen, graph };
}

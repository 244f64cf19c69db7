// Helpers for tests that go through the fake's consent page as a browser would, without one.
import { loginByCode, postJson } from '../api.ts';

const decode = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The consent page's form whose button reads `button`, as the fields a browser would post. */
export function formFor(html: string, button: string): URLSearchParams {
  for (const form of html.match(/<form[\s\S]*?<\/form>/g) ?? []) {
    const submit = /<button[^>]*name="([^"]+)"[^>]*value="([^"]+)"[^>]*>([^<]*)<\/button>/.exec(form);
    if (!submit || decode(submit[3] ?? '') !== button) continue;
    const fields = new URLSearchParams();
    for (const input of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      fields.set(input[1] as string, decode(input[2] ?? ''));
    }
    fields.set(submit[1] as string, submit[2] as string);
    return fields;
  }
  throw new Error(`no form with a "${button}" button`);
}

/** Opens the consent page at `authorizeUrl` and presses "Allow as @username"; the redirect's location. */
export async function allowAs(authorizeUrl: string, username: string): Promise<URL> {
  const page = await fetch(authorizeUrl);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}`);
  const posted = await fetch(new URL('/oauth/authorize', authorizeUrl), {
    method: 'POST',
    body: formFor(await page.text(), `Allow as @${username}`),
    redirect: 'manual',
  });
  const location = posted.headers.get('location');
  if (posted.status !== 302 || !location) throw new Error(`consent answered ${posted.status}`);
  return new URL(location);
}

/** The environment that points a server at a started fake (INSTAGRAM_*), as `scripts/fake-instagram.ts` prints it. */
export function officialEnvironment(
  fakeUrl: string,
  app: { appId: string; appSecret: string },
  redirectUri: string,
): Record<string, string> {
  return {
    INSTAGRAM_APP_ID: app.appId,
    INSTAGRAM_APP_SECRET: app.appSecret,
    INSTAGRAM_REDIRECT_URI: redirectUri,
    INSTAGRAM_AUTH_URL: `${fakeUrl}/oauth/authorize`,
    INSTAGRAM_TOKEN_URL: `${fakeUrl}/oauth/access_token`,
    INSTAGRAM_GRAPH_URL: fakeUrl,
  };
}

/**
 * Makes the subscribed owner of `username` (`<username>@example.com`), logs them in by code and connects
 * the account through the fake's consent page, on the server at `origin`: their Authorization header.
 */
export async function connectOwner(origin: string, username: string): Promise<{ authorization: string }> {
  const email = `${username}@example.com`;
  await postJson(origin, '/dev/users', { email, username, is_subscribed: true });
  const headers = { authorization: `Bearer ${(await loginByCode(origin, email)).token}` };
  const asked = (await (await fetch(`${origin}/api/v1/client/official/connect`, { headers })).json()) as {
    authorize_url: string;
  };
  const back = await allowAs(asked.authorize_url, username);
  const body = { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
  const connected = await postJson(origin, '/api/v1/client/official/connect', body, headers);
  if (!connected.ok) throw new Error(`connecting ${username} answered ${connected.status}`);
  return headers;
}

// Talking to a started server as a client does, for tests and benchmarks that run outside a browser.
import { devKeyHeaders } from './dev-key.ts';

/** A development endpoint's request carries the key its server was started with (tests/e2e/server.ts). */
const keyFor = (path: string) => (path.startsWith('/dev/') ? devKeyHeaders : {});

/** POSTs JSON to `origin + path`. */
export function postJson(origin: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...keyFor(path), ...headers },
    body: JSON.stringify(body),
  });
}

/** GETs `origin + path` as JSON. */
export async function getJson<T>(origin: string, path: string): Promise<T> {
  const response = await fetch(`${origin}${path}`, { headers: keyFor(path) });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Asks for a login code for `email` and reads it from the dev outbox. */
export async function mailedCode(origin: string, email: string): Promise<string> {
  await postJson(origin, '/api/v1/client/insta/sendotp/', { email });
  const mails = await getJson<Array<{ kind: string; subject: string }>>(
    origin,
    `/dev/mail?to=${encodeURIComponent(email)}`,
  );
  const code = mails.find((mail) => mail.kind === 'loginCode')?.subject.match(/\d{4}/)?.[0];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Logs an existing account in with a mailed code: its token and user record. */
export async function loginByCode(origin: string, email: string) {
  const answer = await postJson(origin, '/api/v1/client/insta/validateotp/', {
    email,
    otp: await mailedCode(origin, email),
  });
  if (!answer.ok) throw new Error(`login of ${email} answered ${answer.status}`);
  return (await answer.json()) as { token: string; user: Record<string, unknown> };
}

/**
 * fetch for GET client/insta/start/analysis/ as the app asks it (issue 54): the server answers "still
 * running" (202) before a proxy would cut the request, and this asks again at once until the analysis ends.
 */
export async function fetchAnalysis(input: string, init?: RequestInit): Promise<Response> {
  for (;;) {
    const answer = await fetch(input, init);
    if (answer.status !== 202) return answer;
    await answer.arrayBuffer();
  }
}

// Talking to a started server as a client does, for tests and benchmarks that run outside a browser.

/** POSTs JSON to `origin + path`. */
export function postJson(origin: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Asks for a login code for `email` and reads it from the dev outbox. */
export async function mailedCode(origin: string, email: string): Promise<string> {
  await postJson(origin, '/api/v1/client/insta/sendotp/', { email });
  const mails = (await (await fetch(`${origin}/dev/mail?to=${encodeURIComponent(email)}`)).json()) as Array<{
    kind: string;
    subject: string;
  }>;
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

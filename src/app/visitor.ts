// What a visitor typed before they have an account: kept in localStorage so a reload, or a trip to
// the mail app on a phone, loses none of it. Logout clears it with the rest.

const USERNAME = 'followscope.visitor.username';
const LOGIN_EMAIL = 'followscope.login.email';
const CODE_SENT_AT = 'followscope.login.codeSentAt';

function read(key: string): string | undefined {
  try {
    return globalThis.localStorage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: string | undefined): void {
  try {
    if (value === undefined) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Blocked storage: the value lives as long as the screen does.
  }
}

/** The account username entered on /getmyanalysis, for the searching screen and the offer. */
export const visitorUsername = {
  get: () => read(USERNAME),
  set: (username: string) => write(USERNAME, username),
};

/** The email a code was sent to, for /otp. */
export const loginEmail = {
  get: () => read(LOGIN_EMAIL),
  set: (email: string | undefined) => write(LOGIN_EMAIL, email),
};

/** When the last code was sent (ms), for the resend cooldown. */
export const codeSentAt = {
  get: () => Number(read(CODE_SENT_AT)) || undefined,
  set: (at: number | undefined) => write(CODE_SENT_AT, at === undefined ? undefined : String(at)),
};

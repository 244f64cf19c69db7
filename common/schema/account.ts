// Request and response shapes of the account calls (spec §7), shared by the server and the client.
import * as z from 'zod/mini';
import { TEXT_MAX, text } from './text.ts';
import { userRecordSchema } from './user.ts';

/** spec §5: spaces are stripped from email input and it is lowercased. */
export function normalizeEmail(value: string): string {
  return value.replace(/\s+/g, '').toLowerCase();
}

/** spec §5: spaces are stripped from the username. */
export function normalizeUsername(value: string): string {
  return value.replace(/\s+/g, '');
}

// A profile link as the network's app and site share it (issue 51: a pasted link was "not a valid
// username"): instagram.com, www. or m., http(s) or none, the username, then a slash, a query or a fragment.
const PROFILE_LINK = /^(?:https?:\/\/)?(?:(?:www|m)\.)?(?:instagram\.com|instagr\.am)\/([\w.]+)\/?(?:[?#].*)?$/i;

/**
 * The username a visitor means by what they typed or pasted: a profile link is taken as its username,
 * a leading @ is dropped and spaces are stripped (spec §5).
 */
export function usernameFromInput(value: string): string {
  const trimmed = value.trim();
  const linked = PROFILE_LINK.exec(trimmed)?.[1];
  return normalizeUsername(linked ?? trimmed).replace(/^@/, '');
}

/**
 * An email address as typed: spaces are stripped and it is lowercased (spec §5), then it must be an
 * address of at most 254 characters. What is typed may carry a few more spaces, never a book.
 */
export const emailSchema = z.pipe(
  z.pipe(text(TEXT_MAX.email * 2), z.transform(normalizeEmail)),
  z.email().check(z.maxLength(TEXT_MAX.email)),
);

/** A username as typed: spaces stripped (spec §5); the network's letters, digits, dots and underscores, 30 at most. */
export const usernameSchema = z.pipe(
  z.pipe(text(TEXT_MAX.username * 2), z.transform(normalizeUsername)),
  z.string().check(z.minLength(1), z.maxLength(TEXT_MAX.username), z.regex(/^[\w.]+$/)),
);

export const emailRequestSchema = z.object({ email: emailSchema });
export const validateOtpRequestSchema = z.object({ email: emailSchema, otp: z.string().check(z.regex(/^\d{4}$/)) });
/** Issue 48: a one-time sign-in link's token (256 random bits, base64url), from `/otp#link=…`. */
export const signInLinkRequestSchema = z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)) });
/** The fragment parameter of a sign-in link on /otp: a fragment is never sent to a server or a proxy's log. */
export const SIGN_IN_LINK_PARAM = 'link';
export const supportRequestSchema = z.object({
  query: text(TEXT_MAX.message, { lines: true }).check(z.trim(), z.minLength(1)),
});

export const loginResponseSchema = z.object({ token: z.string(), user: userRecordSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const userDetailResponseSchema = z.object({ user: userRecordSchema, message: z.optional(z.string()) });

export const messageResponseSchema = z.object({ message: z.string() });

// Request and response shapes of the account calls (spec §7), shared by the server and the client.
import * as z from 'zod/mini';
import { userRecordSchema } from './user.ts';

/** spec §5: spaces are stripped from email input and it is lowercased. */
export function normalizeEmail(value: string): string {
  return value.replace(/\s+/g, '').toLowerCase();
}

/** spec §5: spaces are stripped from the username. */
export function normalizeUsername(value: string): string {
  return value.replace(/\s+/g, '');
}

const email = z.pipe(z.pipe(z.string(), z.transform(normalizeEmail)), z.email());

export const emailRequestSchema = z.object({ email });
export const validateOtpRequestSchema = z.object({ email, otp: z.string().check(z.regex(/^\d{4}$/)) });
export const supportRequestSchema = z.object({
  query: z.string().check(z.trim(), z.minLength(1), z.maxLength(5000)),
});

export const loginResponseSchema = z.object({ token: z.string(), user: userRecordSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const userDetailResponseSchema = z.object({ user: userRecordSchema, message: z.optional(z.string()) });

export const messageResponseSchema = z.object({ message: z.string() });

// The rules of the four code boxes (spec §5 OTP), as pure functions.

/** spec §9: the code has 4 digits. */
export const CODE_LENGTH = 4;
/** Seconds before another code may be asked for; the server also limits codes per email. */
export const RESEND_COOLDOWN_S = 30;

/** The digit a box keeps from what was typed into it: the last digit, or nothing. */
export function digitFrom(input: string): string {
  return input.replace(/\D/g, '').slice(-1);
}

/** A paste fills the boxes only when it is exactly four digits (spaces around are forgiven). */
export function digitsFromPaste(text: string): string[] | undefined {
  const trimmed = text.trim();
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(trimmed) ? trimmed.split('') : undefined;
}

/** Whole seconds left before a resend, from when the last code was sent. */
export function resendWait(sentAt: number | undefined, now: number): number {
  if (sentAt === undefined) return 0;
  return Math.max(0, Math.ceil((sentAt + RESEND_COOLDOWN_S * 1000 - now) / 1000));
}

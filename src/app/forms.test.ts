// The account forms refuse what the server refuses (issue 22), with spec §5's localised messages.
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { emailField, messageField, usernameField } from './forms.ts';

const firstError = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('the account forms', () => {
  it('take an email of at most 254 characters, with no control character', () => {
    expect(emailField(i18n).safeParse(' Ana@Example.com ').data).toBe('ana@example.com');
    expect(firstError(emailField(i18n).safeParse(`${'a'.repeat(250)}@x.co`))).toBe('Please enter valid email');
    expect(firstError(emailField(i18n).safeParse('a\u0000b@x.co'))).toBe('Please enter valid email');
  });

  it('take a username of the network’s letters, 30 at most', () => {
    expect(usernameField(i18n).safeParse(' @maria.lopez_2 ').data).toBe('maria.lopez_2');
    expect(firstError(usernameField(i18n).safeParse('a'.repeat(31)))).toBe('Please enter valid username');
    expect(firstError(usernameField(i18n).safeParse('bad\u0000name'))).toBe('Please enter valid username');
  });

  it('take a message of lines and tabs, at most 5,000 characters, with no other control character', () => {
    expect(messageField(i18n).safeParse('Hello,\n\tthanks!').success).toBe(true);
    expect(firstError(messageField(i18n).safeParse('a\u0000b'))).toBe('Please enter valid message');
    expect(firstError(messageField(i18n).safeParse('x\uD800'))).toBe('Please enter valid message');
    expect(firstError(messageField(i18n).safeParse('a'.repeat(5001)))).toBe('Please enter valid message');
    expect(firstError(messageField(i18n).safeParse('   '))).toBe('The message field is required');
  });
});

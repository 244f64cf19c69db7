import { describe, expect, it } from 'vitest';
import { digitFrom, digitsFromPaste, resendWait } from './code-input.ts';

describe('code boxes (spec §5)', () => {
  it('keep only a digit', () => {
    expect(digitFrom('7')).toBe('7');
    expect(digitFrom('a')).toBe('');
    expect(digitFrom('37')).toBe('7');
    expect(digitFrom(' ')).toBe('');
  });

  it('accept a paste only when it is four digits', () => {
    expect(digitsFromPaste('1234')).toEqual(['1', '2', '3', '4']);
    expect(digitsFromPaste(' 0042 \n')).toEqual(['0', '0', '4', '2']);
    expect(digitsFromPaste('12a4')).toBeUndefined();
    expect(digitsFromPaste('123')).toBeUndefined();
    expect(digitsFromPaste('12345')).toBeUndefined();
    expect(digitsFromPaste('12 34')).toBeUndefined();
  });

  it('count the resend cooldown down in whole seconds', () => {
    expect(resendWait(undefined, 5000)).toBe(0);
    expect(resendWait(0, 0)).toBe(30);
    expect(resendWait(0, 29_001)).toBe(1);
    expect(resendWait(0, 30_000)).toBe(0);
  });
});

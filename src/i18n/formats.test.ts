import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './formats.ts';

describe('kept formatters', () => {
  it('gives the same formatter for the same language and options, and formats as a new one would', () => {
    const at = new Date(Date.UTC(2026, 10, 27, 9, 5));
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' };
    const first = dateTimeFormat('fr', options);
    expect(dateTimeFormat('fr', { ...options })).toBe(first);
    expect(first.format(at)).toBe(new Intl.DateTimeFormat('fr', options).format(at));
    expect(numberFormat('de', { maximumFractionDigits: 1 })).toBe(numberFormat('de', { maximumFractionDigits: 1 }));
    expect(numberFormat('de', { maximumFractionDigits: 1 }).format(1234.56)).toBe('1.234,6');
  });

  it('keeps apart formatters of another language or other options', () => {
    expect(dateTimeFormat('en', { dateStyle: 'medium' })).not.toBe(dateTimeFormat('de', { dateStyle: 'medium' }));
    expect(dateTimeFormat('en', { dateStyle: 'medium' })).not.toBe(dateTimeFormat('en', { dateStyle: 'long' }));
    expect(numberFormat('en')).not.toBe(numberFormat('en', { maximumFractionDigits: 2 }));
  });
});

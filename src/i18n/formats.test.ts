import { describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../payments/pricing.ts';
import { dateTimeFormat, numberFormat, warmUpFormats } from './formats.ts';

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

describe('formatters made ahead', () => {
  it('are made in a task of their own, and the screens then use them without making another', () => {
    vi.useFakeTimers();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      warmUpFormats('it');
      expect(made).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(made).toHaveBeenCalledTimes(1);
      // What UpdatedAt asks for: the one already made.
      dateTimeFormat('it', { dateStyle: 'medium', timeStyle: 'short' });
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
      vi.useRealTimers();
    }
  });

  it('for the offer, the prices’ formatter: the one formatMoney then uses', () => {
    vi.useFakeTimers();
    const made = vi.spyOn(Intl, 'NumberFormat');
    try {
      warmUpFormats('pt-BR', 'offer');
      expect(made).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(made).toHaveBeenCalledTimes(1);
      expect(made).toHaveBeenCalledWith('pt-BR', { style: 'currency', currency: 'USD' });
      // The offer's prices, in US dollars: the one already made.
      formatMoney(2.99, 'usd', 'pt-BR');
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
      vi.useRealTimers();
    }
  });
});

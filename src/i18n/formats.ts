// Number and date formatters, made once per language and options and kept. Making an Intl formatter
// costs far more than using one (the engine resolves the locale's patterns each time): on a phone's slow
// CPU, a formatter per source line made the dashboard's first render the longest task of its load, and
// best time's per render the post analytics' (issue 31, measured with Lighthouse's 4x slower CPU).

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function kept<F>(cache: Map<string, F>, locale: string, options: object | undefined, make: () => F): F {
  const key = `${locale}\u0000${JSON.stringify(options ?? {})}`;
  let format = cache.get(key);
  if (format === undefined) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** `new Intl.DateTimeFormat(locale, options)`, made once for the same arguments. */
export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** `new Intl.NumberFormat(locale, options)`, made once for the same arguments. */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/**
 * Makes the formatters the opening screen uses first, in a task of its own. The first Intl formatter of a
 * page loads the language's data (70-120 ms on a phone's slow CPU, issue 31), and the first currency
 * formatter its money patterns (25-33 ms on this machine's CPU unthrottled, four times that on a phone's:
 * the offer's longest task once its plans came). The entry calls this while the screen's code and catalog
 * are still on their way, so that cost is paid while the page waits instead of inside a render. `offer`:
 * the offer pages, whose prices are in the plans' currency (USD; another shares most of the data).
 */
export function warmUpFormats(locale: string, screen: 'subscriber' | 'offer' = 'subscriber'): void {
  setTimeout(() => {
    if (screen === 'offer') {
      // The key formatMoney asks for (src/payments/pricing.ts).
      numberFormat(locale, { style: 'currency', currency: 'USD' });
      return;
    }
    dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    numberFormat(locale);
  }, 0);
}

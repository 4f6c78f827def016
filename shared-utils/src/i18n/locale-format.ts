// Number, date and power formatting for a given locale. Pure, so the real module and the jest mock
// bind the same code to their own i18next instance.
export type Locale = 'cs-CZ' | 'en-US';

/** cs -> cs-CZ, en -> en-US; anything else gets the default language's locale. */
export function localeOf(lng: string): Locale {
  return lng === 'en' || lng.startsWith('en-') ? 'en-US' : 'cs-CZ';
}

// Making an Intl formatter costs far more than using one, and tables and chart axes format thousands
// of values with a handful of option sets: each locale and option set is made once.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, locale: Locale, options: object | undefined, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options ?? null)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

export function formatNumberIn(locale: Locale, value: number, options?: Intl.NumberFormatOptions): string {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options)).format(value);
}

export function formatDateTimeIn(locale: Locale, value: number | Date, options?: Intl.DateTimeFormatOptions): string {
  const effective = options ?? { dateStyle: 'short', timeStyle: 'medium' };
  return cached(dateTimeFormats, locale, effective, () => new Intl.DateTimeFormat(locale, effective)).format(value);
}

/** Watts below 1000 W (rounded), kilowatts with 1–2 decimals from there; a no-break space before the unit. */
export function formatPowerIn(locale: Locale, watts: number): string {
  const rounded = Math.round(watts);
  if (Math.abs(rounded) < 1000) {
    return `${formatNumberIn(locale, rounded === 0 ? 0 : rounded, { maximumFractionDigits: 0 })}\u00a0W`;
  }
  return `${formatNumberIn(locale, watts / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 2 })}\u00a0kW`;
}

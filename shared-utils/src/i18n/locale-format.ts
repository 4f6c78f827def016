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

/** A number with its unit, a no-break space between ("6 860 W", "10 %"); the number alone without a unit. */
export function formatQuantityIn(
  locale: Locale,
  value: number,
  unit: string | null | undefined,
  options?: Intl.NumberFormatOptions,
): string {
  const number = formatNumberIn(locale, value, options);
  return unit ? `${number}\u00a0${unit}` : number;
}

/** A range with its unit once, as the console writes limits: "10–90 %", "0–100 000 W". */
export function formatRangeIn(locale: Locale, min: number, max: number, unit: string | null | undefined): string {
  const range = `${formatNumberIn(locale, min)}–${formatNumberIn(locale, max)}`;
  return unit ? `${range}\u00a0${unit}` : range;
}

/** An amount of money in its currency as the locale writes it: "1 234,50 Kč" in Czech, "CZK 1,234.50" in English. */
export function formatMoneyIn(locale: Locale, amount: number, currency: string, options?: Intl.NumberFormatOptions): string {
  return formatNumberIn(locale, amount, { ...options, style: 'currency', currency });
}

/** The unit of an energy price, its currency as the locale writes it: "Kč/kWh" in Czech, "CZK/kWh" in English. */
export function priceUnitIn(locale: Locale, currency: string): string {
  const parts = cached(
    numberFormats,
    locale,
    { style: 'currency', currency },
    () => new Intl.NumberFormat(locale, { style: 'currency', currency }),
  ).formatToParts(0);
  return `${parts.find((p) => p.type === 'currency')?.value ?? currency}/kWh`;
}

/** A price of a kWh: the number, then its unit ("4,25 Kč/kWh", "4.25 CZK/kWh"); two decimals unless told. */
export function formatPricePerKwhIn(locale: Locale, value: number, currency: string, options?: Intl.NumberFormatOptions): string {
  return formatQuantityIn(locale, value, priceUnitIn(locale, currency), options ?? { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Watts below 1000 W (rounded), kilowatts with 1–2 decimals from there; a no-break space before the unit. */
export function formatPowerIn(locale: Locale, watts: number): string {
  const rounded = Math.round(watts);
  if (Math.abs(rounded) < 1000) {
    return `${formatNumberIn(locale, rounded === 0 ? 0 : rounded, { maximumFractionDigits: 0 })}\u00a0W`;
  }
  return `${formatNumberIn(locale, watts / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 2 })}\u00a0kW`;
}

// Number, date and power formatting for a given locale. Pure, so the real module and the jest mock
// bind the same code to their own i18next instance.
export type Locale = 'cs-CZ' | 'en-US';

/** cs -> cs-CZ, en -> en-US (SPEC §1); anything else gets the default language's locale. */
export function localeOf(lng: string): Locale {
  return lng === 'en' || lng.startsWith('en-') ? 'en-US' : 'cs-CZ';
}

export function formatNumberIn(locale: Locale, value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

export function formatDateTimeIn(locale: Locale, value: number | Date, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(locale, options ?? { dateStyle: 'short', timeStyle: 'medium' }).format(value);
}

/** Watts below 1000 W (rounded), kilowatts with 1–2 decimals from there; a no-break space before the unit. */
export function formatPowerIn(locale: Locale, watts: number): string {
  const rounded = Math.round(watts);
  if (Math.abs(rounded) < 1000) {
    return `${formatNumberIn(locale, rounded === 0 ? 0 : rounded, { maximumFractionDigits: 0 })}\u00a0W`;
  }
  return `${formatNumberIn(locale, watts / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 2 })}\u00a0kW`;
}

// The months a report can be asked for: the past ones, newest first (the current month is not over).
export const REPORT_MONTHS = 24;

/** yyyy-mm of the `count` months before the one holding `today`, newest first. */
export function pastMonths(today: Date, count = REPORT_MONTHS): string[] {
  const months: string[] = [];
  for (let back = 1; back <= count; back++) {
    const date = new Date(Date.UTC(today.getFullYear(), today.getMonth() - back, 1));
    months.push(date.toISOString().slice(0, 7));
  }
  return months;
}

/** "červen 2025" / "June 2025". */
export function monthLabel(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
}

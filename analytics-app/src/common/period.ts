// The period a page shows, as the browser keeps it: a kind and the calendar days it names, with
// navigation to the previous and next one. The server reads it on each plant's own calendar.
import type { AnalyticsPeriod } from '@helio/contracts';
import type { AnalyticsPeriodKind } from '@helio/contracts/limits';

export interface PagePeriod {
  kind: AnalyticsPeriodKind;
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD, the last day (custom periods) */
  to: string;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const parse = (day: string) => new Date(`${day}T00:00:00Z`);

/** Today as a calendar day where the browser is. */
export function todayIso(now = new Date()): string {
  return iso(new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())));
}

export function periodOfKind(kind: AnalyticsPeriodKind, today: string): PagePeriod {
  const d = parse(today);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (kind) {
    case 'day':
      return { kind, from: today, to: today };
    case 'month':
      return { kind, from: iso(new Date(Date.UTC(y, m, 1))), to: iso(new Date(Date.UTC(y, m + 1, 0))) };
    case 'year':
      return { kind, from: iso(new Date(Date.UTC(y, 0, 1))), to: iso(new Date(Date.UTC(y, 11, 31))) };
    case 'custom':
      // The last 30 days, a span that reads well in day buckets.
      return { kind, from: iso(new Date(Date.UTC(y, m, d.getUTCDate() - 29))), to: today };
  }
}

/** The period before (-1) or after (+1); a custom span moves by its own length. */
export function shiftPeriod(period: PagePeriod, step: -1 | 1): PagePeriod {
  const d = parse(period.from);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (period.kind) {
    case 'day':
      return periodOfKind('day', iso(new Date(Date.UTC(y, m, d.getUTCDate() + step))));
    case 'month':
      return periodOfKind('month', iso(new Date(Date.UTC(y, m + step, 1))));
    case 'year':
      return periodOfKind('year', iso(new Date(Date.UTC(y + step, 0, 1))));
    case 'custom': {
      const days = Math.round((parse(period.to).getTime() - d.getTime()) / 86_400_000) + 1;
      const move = (day: string) => iso(new Date(parse(day).getTime() + step * days * 86_400_000));
      return { kind: 'custom', from: move(period.from), to: move(period.to) };
    }
  }
}

/** A period that begins after today has nothing to show. */
export const isFuture = (period: PagePeriod, today: string): boolean => period.from > today;

/** The request's period: custom periods name their last day, the others only a day within them. */
export function requestPeriod(period: PagePeriod): AnalyticsPeriod {
  return period.kind === 'custom' ? { kind: 'custom', from: period.from, to: period.to } : { kind: period.kind, from: period.from };
}

/** A custom period the server accepts: both days given, in order. */
export const isValidCustom = (period: PagePeriod): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(period.from) && /^\d{4}-\d{2}-\d{2}$/.test(period.to) && period.from <= period.to;

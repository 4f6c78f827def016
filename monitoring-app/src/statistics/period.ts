// The periods of the statistics page: a day in hours, a month in days, a year in months, each in
// the plant's own calendar, with navigation to the previous and next one.
import { zonedMidnight, zonedParts, type Granularity } from '@helio/shared-utils';

export type PeriodKind = 'day' | 'month' | 'year';

export const PERIOD_KINDS: readonly PeriodKind[] = ['day', 'month', 'year'];

export interface Period {
  kind: PeriodKind;
  year: number;
  /** 1–12 (ignored for a year) */
  month: number;
  /** 1–31 (ignored for a month or a year) */
  day: number;
}

export const BUCKET_OF: Record<PeriodKind, Granularity> = { day: '1h', month: '1d', year: '1M' };

/** The period of the given kind that holds `now` in the plant's calendar. */
export function currentPeriod(kind: PeriodKind, timeZone: string, now: number): Period {
  const { year, month, day } = zonedParts(timeZone, now);
  return { kind, year, month: kind === 'year' ? 1 : month, day: kind === 'day' ? day : 1 };
}

/** The previous (-1) or next (+1) period; Date.UTC normalises month and day overflow. */
export function shiftPeriod(period: Period, step: -1 | 1): Period {
  const { kind } = period;
  const y = period.year + (kind === 'year' ? step : 0);
  const m = period.month - 1 + (kind === 'month' ? step : 0);
  const d = period.day + (kind === 'day' ? step : 0);
  const date = new Date(Date.UTC(y, m, d));
  return { kind, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export interface PeriodBounds {
  start: number;
  end: number;
  /** Start of the bucket before the period: its last counter reading is the first bucket's base. */
  baseStart: number;
  granularity: Granularity;
}

export function periodBounds(period: Period, timeZone: string): PeriodBounds {
  const { year, month, day } = period;
  const at = (y: number, m: number, d: number) => zonedMidnight(timeZone, y, m, d);
  switch (period.kind) {
    case 'day': {
      const start = at(year, month, day);
      return { start, end: at(year, month, day + 1), baseStart: start - 3_600_000, granularity: '1h' };
    }
    case 'month':
      return { start: at(year, month, 1), end: at(year, month + 1, 1), baseStart: at(year, month, 0), granularity: '1d' };
    case 'year':
      return { start: at(year, 1, 1), end: at(year + 1, 1, 1), baseStart: at(year, 0, 1), granularity: '1M' };
  }
}

/** A period that has not begun yet has nothing to show: navigation stops at the current one. */
export function isFuture(period: Period, timeZone: string, now: number): boolean {
  return periodBounds(period, timeZone).start > now;
}

// An analytics period on each plant's own calendar: the day, month or year holding `from`, or the
// days `from`–`to`. A day is read in hour buckets, a month and a custom span in days, a year in
// months: the same buckets as the statistics page, so the two pages add up to the same figures.
import type { AnalyticsPeriod } from '@helio/contracts';
import { MAX_CUSTOM_PERIOD_DAYS } from '@helio/contracts';
import { badRequest, periodInvalid } from '../http/errors';
import { calendarOf } from '../series/calendar';
import type { RollupGranularity } from '../series/calendar';

export interface ResolvedPeriod {
  kind: AnalyticsPeriod['kind'];
  /** First and last calendar day, inclusive. */
  from: string;
  to: string;
  granularity: RollupGranularity;
}

export interface ZoneBounds {
  start: number;
  end: number;
  /** The bucket before the period: its last counter reading is the first bucket's base. */
  baseStart: number;
  /** Bucket starts within [start, end). */
  buckets: number[];
}

const DAY_MS = 86_400_000;
const GRANULARITY: Record<AnalyticsPeriod['kind'], RollupGranularity> = { day: 'hour', month: 'day', year: 'month', custom: 'day' };

const parseDay = (iso: string): number => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    throw badRequest(`${iso} is not a calendar day`, { field: 'from' });
  return ms;
};
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function resolvePeriod(period: AnalyticsPeriod): ResolvedPeriod {
  const from = parseDay(period.from);
  const date = new Date(from);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const granularity = GRANULARITY[period.kind];
  switch (period.kind) {
    case 'day':
      return { kind: 'day', from: isoDay(from), to: isoDay(from), granularity };
    case 'month':
      return { kind: 'month', from: isoDay(Date.UTC(y, m, 1)), to: isoDay(Date.UTC(y, m + 1, 0)), granularity };
    case 'year':
      return { kind: 'year', from: isoDay(Date.UTC(y, 0, 1)), to: isoDay(Date.UTC(y, 11, 31)), granularity };
    case 'custom': {
      if (!period.to) throw badRequest('A custom period needs its last day', { field: 'to' });
      const to = parseDay(period.to);
      if (to < from) throw periodInvalid('The period ends before it begins', 'to', 'endBeforeStart');
      if ((to - from) / DAY_MS + 1 > MAX_CUSTOM_PERIOD_DAYS)
        throw periodInvalid(`A custom period spans at most ${MAX_CUSTOM_PERIOD_DAYS} days`, 'to', 'tooLong', MAX_CUSTOM_PERIOD_DAYS);
      return { kind: 'custom', from: isoDay(from), to: isoDay(to), granularity };
    }
  }
}

/** Where the period's buckets begin and end in a time zone. */
export function zoneBounds(period: ResolvedPeriod, timeZone: string): ZoneBounds {
  const calendar = calendarOf(timeZone);
  // Noon UTC of a calendar day lies within that day in every zone of ±11 h.
  const midnight = (iso: string, plusDays = 0) => calendar.bucketStart('day', parseDay(iso) + plusDays * DAY_MS + DAY_MS / 2);
  const start = midnight(period.from);
  const end = midnight(period.to, 1);
  const buckets: number[] = [];
  for (let bucket = start; bucket < end; bucket = calendar.nextBucket(period.granularity, bucket)) buckets.push(bucket);
  return { start, end, baseStart: calendar.bucketStart(period.granularity, start - 1), buckets };
}

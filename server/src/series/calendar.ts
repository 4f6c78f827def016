// Where the hour, day and month buckets of a plant begin: on the plant's wall clock, so "today" and
// "March" mean what the operator on site means, across daylight-saving changes (23- and 25-hour days).
import { BoundedMap } from '../cache/bounded-map';

export const ROLLUP_GRANULARITIES = ['hour', 'day', 'month'] as const;
export type RollupGranularity = (typeof ROLLUP_GRANULARITIES)[number];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * Every UTC offset in use is a multiple of 15 minutes, and so is every instant an offset changes: an
 * instant's offset, and so its hour, day and month buckets, are those of its quarter hour.
 */
export const QUARTER_MS = 15 * 60_000;
/** Quarter hours' offsets kept per zone (a year and a half of them); past it they are all forgotten and kept afresh. */
export const MAX_CACHED_OFFSETS = 50_000;

export class ZoneCalendar {
  private readonly format: Intl.DateTimeFormat;
  /** UTC offset (ms) by quarter hour of the epoch: one Intl call serves a quarter hour of samples. */
  private readonly offsets = new Map<number, number>();

  /** Throws RangeError for a name that is not an IANA time zone. */
  constructor(readonly timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
  }

  /** Quarter hours whose offset is kept now. */
  get cachedOffsets(): number {
    return this.offsets.size;
  }

  /** Milliseconds to add to UTC to read the wall clock at `ts`. */
  offsetAt(ts: number): number {
    const quarter = Math.floor(ts / QUARTER_MS);
    let offset = this.offsets.get(quarter);
    if (offset === undefined) {
      const at = quarter * QUARTER_MS;
      const p: Record<string, number> = {};
      for (const part of this.format.formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
      offset = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0) - at;
      if (this.offsets.size >= MAX_CACHED_OFFSETS) this.offsets.clear();
      this.offsets.set(quarter, offset);
    }
    return offset;
  }

  /** Epoch ms at which the bucket holding `ts` begins. */
  bucketStart(granularity: RollupGranularity, ts: number): number {
    const offset = this.offsetAt(ts);
    const wall = ts + offset;
    if (granularity === 'hour') return wall - mod(wall, HOUR_MS) - offset;
    const day = new Date(wall - mod(wall, DAY_MS));
    const wallStart = granularity === 'day' ? day.getTime() : Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1);
    return this.instantOfWall(wallStart);
  }

  /** Epoch ms at which the bucket after the one starting at `start` begins (the spot prices walk days and hours). */
  nextBucket(granularity: RollupGranularity, start: number): number {
    if (granularity === 'hour') return this.bucketStart('hour', start + HOUR_MS);
    // A day lasts 23 to 25 hours and a month 28 to 31 days: step past the end, then find the start.
    return this.bucketStart(granularity, start + (granularity === 'day' ? 26 * HOUR_MS : 32 * DAY_MS));
  }

  /**
   * The instant a wall-clock time names: the earlier one when the clocks fall back and it occurs twice,
   * the end of the gap when they spring forward over it (a zone that skips midnight starts its day then).
   */
  instantOfWall(wall: number): number {
    const before = wall - this.offsetAt(wall - DAY_MS);
    const after = wall - this.offsetAt(wall + DAY_MS);
    const names = (instant: number) => instant + this.offsetAt(instant) === wall;
    const valid = [before, after].filter(names);
    if (valid.length > 0) return Math.min(...valid);
    let instant = Math.min(before, after);
    while (instant + this.offsetAt(instant) < wall) instant += QUARTER_MS;
    return instant;
  }
}

function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

/** Calendars kept by zone name: the IANA database names about 600 zones; a name that is none maps to UTC's and counts too. */
export const CALENDARS_CACHED = 1000;
const calendars = new BoundedMap<string, ZoneCalendar>(CALENDARS_CACHED);

/** Zone names with a calendar kept now. */
export function calendarsCached(): number {
  return calendars.size;
}

/** The calendar of a zone; an unknown zone name falls back to UTC so a typo never stops ingestion. */
export function calendarOf(timeZone: string): ZoneCalendar {
  let calendar = calendars.get(timeZone);
  if (!calendar) {
    try {
      calendar = new ZoneCalendar(timeZone);
    } catch {
      calendar = calendarOf('UTC');
    }
    calendars.set(timeZone, calendar);
  }
  return calendar;
}

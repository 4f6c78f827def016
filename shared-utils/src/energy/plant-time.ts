// A plant's calendar: days, months and years start at local midnight in the plant's time zone,
// whatever the browser's zone is (the day and month buckets of metric/time-series start there too).

export interface ZonedParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading of `instant` in `timeZone`. */
export function zonedParts(timeZone: string, instant: number): ZonedParts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
    second: field('second'),
  };
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function zoneOffsetMs(timeZone: string, instant: number): number {
  const p = zonedParts(timeZone, instant);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of local midnight starting the given calendar day in `timeZone`. Month and day may
 * overflow (month 13 is January of the next year, day 0 the last day of the previous month).
 */
export function zonedMidnight(timeZone: string, year: number, month: number, day: number): number {
  const asUtc = Date.UTC(year, month - 1, day);
  // The offset at midnight can differ from a guess's (a DST change during the night): take midnight's own.
  const guess = asUtc - zoneOffsetMs(timeZone, asUtc);
  return asUtc - zoneOffsetMs(timeZone, guess);
}

/** The instant (epoch ms) of the latest local midnight at or before `now` in `timeZone`. */
export function startOfPlantDay(timeZone: string, now: number): number {
  const today = zonedParts(timeZone, now);
  return zonedMidnight(timeZone, today.year, today.month, today.day);
}

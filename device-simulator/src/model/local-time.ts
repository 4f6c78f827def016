// The house load follows the clock on the wall, so the model needs the plant's local hour and weekday.
export interface LocalTime {
  /** Fractional hour of the day, 0 ≤ hour < 24. */
  hour: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Local time in an IANA time zone; without one, mean solar time from the longitude
 * (close enough for a load profile and needs no zone data).
 */
export function localTime(at: Date, longitude: number, timeZone?: string): LocalTime {
  if (timeZone) {
    let hour = 0;
    let minute = 0;
    let weekday = 0;
    for (const part of formatterFor(timeZone).formatToParts(at)) {
      if (part.type === 'hour') hour = Number(part.value);
      else if (part.type === 'minute') minute = Number(part.value);
      else if (part.type === 'weekday') weekday = WEEKDAYS[part.value] ?? 0;
    }
    return { hour: hour + minute / 60, weekday };
  }
  const shifted = new Date(at.getTime() + (longitude / 15) * 3_600_000);
  return {
    hour: shifted.getUTCHours() + shifted.getUTCMinutes() / 60 + shifted.getUTCSeconds() / 3600,
    weekday: shifted.getUTCDay(),
  };
}

// "Today" for a plant is its own calendar day: the day starts at local midnight in the plant's
// time zone, whatever the browser's zone is (day buckets of metric/time-series start there too).

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function zoneOffsetMs(timeZone: string, instant: number): number {
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
  const wallClock = Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
  return wallClock - Math.floor(instant / 1000) * 1000;
}

/** The instant (epoch ms) of the latest local midnight at or before `now` in `timeZone`. */
export function startOfPlantDay(timeZone: string, now: number): number {
  const offset = zoneOffsetMs(timeZone, now);
  const local = new Date(now + offset);
  const midnightAsUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // The offset at midnight can differ from now's (a DST change during the night): take midnight's own.
  let start = midnightAsUtc - offset;
  start = midnightAsUtc - zoneOffsetMs(timeZone, start);
  return start;
}

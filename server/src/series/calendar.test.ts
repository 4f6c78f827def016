import { CALENDARS_CACHED, calendarOf, calendarsCached, MAX_CACHED_OFFSETS, QUARTER_MS, ZoneCalendar } from './calendar';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('ZoneCalendar', () => {
  const prague = new ZoneCalendar('Europe/Prague');

  it('starts days and months at local midnight', () => {
    expect(iso(prague.bucketStart('day', at('2025-01-15T22:59:00Z')))).toBe('2025-01-14T23:00:00.000Z');
    expect(iso(prague.bucketStart('day', at('2025-01-15T23:00:00Z')))).toBe('2025-01-15T23:00:00.000Z');
    expect(iso(prague.bucketStart('day', at('2025-07-01T12:00:00Z')))).toBe('2025-06-30T22:00:00.000Z');
    expect(iso(prague.bucketStart('month', at('2025-03-15T12:00:00Z')))).toBe('2025-02-28T23:00:00.000Z');
    expect(iso(prague.bucketStart('month', at('2025-04-15T12:00:00Z')))).toBe('2025-03-31T22:00:00.000Z');
  });

  it('has a 23-hour day when the clocks go forward and a 25-hour day when they go back', () => {
    const spring = prague.bucketStart('day', at('2025-03-30T12:00:00Z'));
    expect(iso(spring)).toBe('2025-03-29T23:00:00.000Z');
    expect(prague.nextBucket('day', spring) - spring).toBe(23 * 3_600_000);
    const autumn = prague.bucketStart('day', at('2025-10-26T12:00:00Z'));
    expect(prague.nextBucket('day', autumn) - autumn).toBe(25 * 3_600_000);
    expect(prague.nextBucket('hour', autumn) - autumn).toBe(3_600_000);
  });

  it('keeps the two 02:00 hours of the autumn change apart', () => {
    expect(iso(prague.bucketStart('hour', at('2025-10-26T00:30:00Z')))).toBe('2025-10-26T00:00:00.000Z');
    expect(iso(prague.bucketStart('hour', at('2025-10-26T01:30:00Z')))).toBe('2025-10-26T01:00:00.000Z');
  });

  it('follows zones a quarter of an hour off UTC, and zones that skip midnight', () => {
    const kathmandu = new ZoneCalendar('Asia/Kathmandu');
    expect(iso(kathmandu.bucketStart('hour', at('2025-01-01T00:00:00Z')))).toBe('2024-12-31T23:15:00.000Z');
    // Chile moved its clocks from 00:00 to 01:00 on 8 September 2024: that day began at 01:00 (-03).
    const santiago = new ZoneCalendar('America/Santiago');
    expect(iso(santiago.bucketStart('day', at('2024-09-08T12:00:00Z')))).toBe('2024-09-08T04:00:00.000Z');
  });

  it('walks month by month', () => {
    let start = prague.bucketStart('month', at('2025-01-10T00:00:00Z'));
    const starts: string[] = [];
    for (let i = 0; i < 3; i++) {
      starts.push(iso(start));
      start = prague.bucketStart('month', start + 32 * 86_400_000);
    }
    expect(starts).toEqual(['2024-12-31T23:00:00.000Z', '2025-01-31T23:00:00.000Z', '2025-02-28T23:00:00.000Z']);
  });

  it('falls back to UTC for a zone name it does not know', () => {
    expect(calendarOf('Mars/Olympus').timeZone).toBe('UTC');
    expect(iso(calendarOf('Mars/Olympus').bucketStart('day', at('2025-01-15T22:59:00Z')))).toBe('2025-01-15T00:00:00.000Z');
  });
});

describe('the calendars kept in memory', () => {
  it('keep at most their bound of zone names, names that are no zone (read as UTC) included', () => {
    for (let i = 0; i < CALENDARS_CACHED + 50; i++) expect(calendarOf(`Nowhere/Town-${i}`).timeZone).toBe('UTC');
    expect(calendarsCached()).toBe(CALENDARS_CACHED);
    expect(calendarOf('Europe/Prague').timeZone).toBe('Europe/Prague');
    expect(calendarsCached()).toBe(CALENDARS_CACHED);
  });

  it("keep at most their bound of a zone's quarter-hour offsets", () => {
    const calendar = new ZoneCalendar('Europe/Prague');
    const quarter = 15 * 60_000;
    for (let i = 0; i <= MAX_CACHED_OFFSETS + 10; i++) calendar.offsetAt(i * quarter);
    expect(calendar.cachedOffsets).toBeGreaterThan(0);
    expect(calendar.cachedOffsets).toBeLessThanOrEqual(MAX_CACHED_OFFSETS);
    expect(calendar.offsetAt(Date.parse('2025-07-01T00:00:00Z'))).toBe(2 * 3_600_000); // still right after forgetting
  });
});

describe('buckets by quarter hour', () => {
  // RollupAccumulator works an instant's buckets out once a quarter hour: every instant of a quarter hour
  // must fall in that quarter's buckets, across clock changes too (Prague, Lord Howe's half hour,
  // Chatham at +12:45/+13:45, Kathmandu at +5:45, Santiago skipping midnight).
  const days = [
    ['Europe/Prague', '2025-03-30'],
    ['Europe/Prague', '2025-10-26'],
    ['Australia/Lord_Howe', '2025-04-05'],
    ['Australia/Lord_Howe', '2025-10-05'],
    ['Pacific/Chatham', '2025-04-05'],
    ['Pacific/Chatham', '2025-09-27'],
    ['Asia/Kathmandu', '2025-01-31'],
    ['America/Santiago', '2024-09-07'],
  ];

  it.each(days)('in %s around %s, every minute falls in the buckets of its quarter hour', (zone, day) => {
    const calendar = new ZoneCalendar(zone);
    const from = at(`${day}T00:00:00Z`) - 86_400_000;
    const mismatches: string[] = [];
    for (let ts = from; ts < from + 3 * 86_400_000; ts += 60_000) {
      const quarter = Math.floor(ts / QUARTER_MS) * QUARTER_MS;
      for (const granularity of ['hour', 'day', 'month'] as const)
        if (calendar.bucketStart(granularity, ts) !== calendar.bucketStart(granularity, quarter))
          mismatches.push(`${granularity} ${iso(ts)}`);
    }
    expect(mismatches).toEqual([]);
  });
});

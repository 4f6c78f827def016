import { defaultSettings, type NotificationSettings } from './settings';
import { isTimeZone, SCHEDULE_FORMATTERS_CACHED, scheduleFormattersCached, shouldEmail, wallClock } from './schedule-window';

const on = (patch: Partial<NotificationSettings> = {}): NotificationSettings => ({ ...defaultSettings(), enabled: true, ...patch });
const at = (iso: string) => new Date(iso);
const PRAGUE = 'Europe/Prague';

describe('the e-mail window of a notification schedule', () => {
  it('mails nothing while the schedule is switched off', () => {
    expect(shouldEmail(defaultSettings(), at('2025-06-11T10:00:00Z'), PRAGUE)).toBe(false);
  });

  it('reads the time on the plant’s wall clock (summer: UTC+2)', () => {
    // 08:00 in Prague on Wednesday 11 June 2025 is 06:00 UTC
    expect(shouldEmail(on(), at('2025-06-11T05:59:00Z'), PRAGUE)).toBe(false);
    expect(shouldEmail(on(), at('2025-06-11T06:00:00Z'), PRAGUE)).toBe(true);
    expect(shouldEmail(on(), at('2025-06-11T14:00:59Z'), PRAGUE)).toBe(true);
    expect(shouldEmail(on(), at('2025-06-11T14:01:00Z'), PRAGUE)).toBe(false);
  });

  it('reads winter time as UTC+1', () => {
    expect(shouldEmail(on(), at('2025-01-15T06:30:00Z'), PRAGUE)).toBe(false); // 07:30 local
    expect(shouldEmail(on(), at('2025-01-15T07:00:00Z'), PRAGUE)).toBe(true); // 08:00 local
  });

  it('follows the daylight-saving change in spring and autumn', () => {
    // 30 March 2025: clocks go 02:00 → 03:00; 08:00 local is 06:00 UTC (the day before it was 07:00 UTC)
    expect(wallClock(at('2025-03-29T07:00:00Z'), PRAGUE)).toEqual({ day: 5, minute: 8 * 60 });
    expect(wallClock(at('2025-03-30T06:00:00Z'), PRAGUE)).toEqual({ day: 6, minute: 8 * 60 });
    // 26 October 2025: clocks go 03:00 → 02:00; 08:00 local is 07:00 UTC again
    expect(wallClock(at('2025-10-26T07:00:00Z'), PRAGUE)).toEqual({ day: 6, minute: 8 * 60 });
    expect(shouldEmail(on(), at('2025-10-26T06:30:00Z'), PRAGUE)).toBe(false);
    expect(shouldEmail(on(), at('2025-10-26T07:00:00Z'), PRAGUE)).toBe(true);
  });

  it('takes the weekday at the plant, not in UTC, around midnight', () => {
    // Sunday 23:30 UTC is Monday 01:30 in Prague (winter) and Sunday 18:30 in New York
    const schedule = on({
      period: 'custom',
      days: defaultSettings().days.map((d) => ({ ...d, enabled: d.day === 0, from: '00:00', to: '23:59' })),
    });
    expect(shouldEmail(schedule, at('2025-01-19T23:30:00Z'), PRAGUE)).toBe(true);
    expect(shouldEmail(schedule, at('2025-01-19T23:30:00Z'), 'America/New_York')).toBe(false);
  });

  it('mails nothing on a day that is switched off', () => {
    const weekdays = on({ period: 'weekdays', days: defaultSettings().days.map((d) => ({ ...d, enabled: d.day < 5 })) });
    expect(shouldEmail(weekdays, at('2025-06-13T08:00:00Z'), PRAGUE)).toBe(true); // Friday 10:00
    expect(shouldEmail(weekdays, at('2025-06-14T08:00:00Z'), PRAGUE)).toBe(false); // Saturday 10:00
  });

  it('uses Europe/Prague when the plant’s time zone is unknown', () => {
    expect(wallClock(at('2025-06-11T06:00:00Z'), 'Not/AZone')).toEqual(wallClock(at('2025-06-11T06:00:00Z'), PRAGUE));
  });
});

describe('the wall-clock formatters kept in memory', () => {
  it('keep no name that is not a zone, and every zone the runtime knows fits under their bound', () => {
    const before = scheduleFormattersCached(); // the zones of the tests above
    for (let i = 0; i < 100; i++) expect(isTimeZone(`Nowhere/Town-${i}`)).toBe(false);
    expect(scheduleFormattersCached()).toBe(before);
    const zones = Intl.supportedValuesOf('timeZone');
    for (const zone of zones) expect(isTimeZone(zone)).toBe(true);
    expect(zones.length).toBeLessThan(SCHEDULE_FORMATTERS_CACHED);
    expect(scheduleFormattersCached()).toBeLessThanOrEqual(SCHEDULE_FORMATTERS_CACHED);
  });
});

import { nextWeeklyDeparture, vehicleProblems, zonedInstant } from './ev';

const PRAGUE = 'Europe/Prague';
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('a weekly plan’s next departure, on the plant’s wall clock', () => {
  it('is later today when the time has not come yet, else the next chosen weekday', () => {
    // Wednesday 2026-11-25 06:00 CET.
    const now = Date.parse('2026-11-25T05:00:00Z');
    expect(iso(nextWeeklyDeparture({ weekdays: [3], time: '07:30' }, now, PRAGUE))).toBe('2026-11-25T06:30:00.000Z');
    // Wednesday's 05:00 has passed: next Wednesday.
    expect(iso(nextWeeklyDeparture({ weekdays: [3], time: '05:00' }, now, PRAGUE))).toBe('2026-12-02T04:00:00.000Z');
    // Weekdays Mon–Fri from Friday evening: Monday.
    const friday = Date.parse('2026-11-27T19:00:00Z');
    expect(iso(nextWeeklyDeparture({ weekdays: [1, 2, 3, 4, 5], time: '07:00' }, friday, PRAGUE))).toBe('2026-11-30T06:00:00.000Z');
    expect(nextWeeklyDeparture({ weekdays: [], time: '07:00' }, friday, PRAGUE)).toBeNull();
  });

  it('keeps the wall time across the change to summer time and back (07:00 stays 07:00)', () => {
    // Saturday 2026-03-28 12:00 CET; summer time begins Sunday 29 March at 02:00.
    const saturday = Date.parse('2026-03-28T11:00:00Z');
    expect(iso(nextWeeklyDeparture({ weekdays: [1], time: '07:00' }, saturday, PRAGUE))).toBe('2026-03-30T05:00:00.000Z');
    // Saturday 2026-10-24; winter time returns Sunday 25 October at 03:00.
    const october = Date.parse('2026-10-24T10:00:00Z');
    expect(iso(nextWeeklyDeparture({ weekdays: [1], time: '07:00' }, october, PRAGUE))).toBe('2026-10-26T06:00:00.000Z');
    expect(iso(nextWeeklyDeparture({ weekdays: [7], time: '07:00' }, october, PRAGUE))).toBe('2026-10-25T06:00:00.000Z');
  });

  it('moves a skipped time on by the hour skipped, and takes the first of a repeated one', () => {
    expect(iso(zonedInstant(2026, 3, 29, 2, 30, PRAGUE))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(zonedInstant(2026, 10, 25, 2, 30, PRAGUE))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(zonedInstant(2026, 10, 25, 3, 30, PRAGUE))).toBe('2026-10-25T02:30:00.000Z');
  });

  it('counts in the plant’s zone, not the server’s', () => {
    // 23:30 UTC on Tuesday is already Wednesday in Tokyo.
    const now = Date.parse('2026-11-24T23:30:00Z');
    expect(iso(nextWeeklyDeparture({ weekdays: [3], time: '09:00' }, now, 'Asia/Tokyo'))).toBe('2026-11-25T00:00:00.000Z');
  });
});

describe('a vehicle’s fields, judged as the form and the server judge them', () => {
  const car = { name: 'Škoda Enyaq', capacityKwh: 77, chargeLimitPct: 80, socPct: null };
  it('takes a plausible car', () => expect(vehicleProblems(car)).toEqual({}));
  it('names each field that is wrong', () => {
    expect(vehicleProblems({ name: '  ', capacityKwh: 0, chargeLimitPct: 10, socPct: 101 })).toEqual({
      name: 'nameBlank',
      capacityKwh: 'capacity',
      chargeLimitPct: 'chargeLimit',
      socPct: 'soc',
    });
    expect(vehicleProblems({ ...car, capacityKwh: 250, chargeLimitPct: 80.5 })).toEqual({
      capacityKwh: 'capacity',
      chargeLimitPct: 'chargeLimit',
    });
  });
});

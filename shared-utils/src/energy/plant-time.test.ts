import { startOfPlantDay, zonedMidnight, zonedParts } from './plant-time';

const iso = (ms: number) => new Date(ms).toISOString();

describe('the plant’s day', () => {
  it('starts at local midnight in the plant’s zone (winter, UTC+1)', () => {
    expect(iso(startOfPlantDay('Europe/Prague', Date.parse('2026-11-23T00:30:00Z')))).toBe('2026-11-22T23:00:00.000Z');
  });

  it('belongs to the previous UTC date shortly after local midnight', () => {
    expect(iso(startOfPlantDay('Europe/Prague', Date.parse('2026-07-01T22:30:00Z')))).toBe('2026-07-01T22:00:00.000Z');
  });

  it('uses midnight’s own offset on a DST change day', () => {
    // 29 March 2026: Prague moves from UTC+1 to UTC+2 at 02:00; midnight was still UTC+1
    expect(iso(startOfPlantDay('Europe/Prague', Date.parse('2026-03-29T12:00:00Z')))).toBe('2026-03-28T23:00:00.000Z');
  });

  it('works west of UTC', () => {
    expect(iso(startOfPlantDay('America/New_York', Date.parse('2026-01-15T03:00:00Z')))).toBe('2026-01-14T05:00:00.000Z');
  });
});

describe('local midnights of a plant’s calendar', () => {
  it('rolls an overflowing month into the next year and day 0 into the previous month', () => {
    expect(iso(zonedMidnight('Europe/Prague', 2026, 13, 1))).toBe('2026-12-31T23:00:00.000Z');
    expect(iso(zonedMidnight('Europe/Prague', 2026, 4, 0))).toBe('2026-03-30T22:00:00.000Z'); // 31 March, summer time
  });

  it('reads the wall clock of an instant in the zone', () => {
    expect(zonedParts('Europe/Prague', Date.parse('2026-06-30T22:30:00Z'))).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 0,
      minute: 30,
      second: 0,
    });
  });
});

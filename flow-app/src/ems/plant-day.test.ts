import { startOfPlantDay } from './plant-day';

describe('the plant’s day', () => {
  it('starts at local midnight in the plant’s zone (winter, UTC+1)', () => {
    expect(new Date(startOfPlantDay('Europe/Prague', Date.parse('2026-11-23T00:30:00Z'))).toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });

  it('belongs to the previous UTC date shortly after local midnight', () => {
    expect(new Date(startOfPlantDay('Europe/Prague', Date.parse('2026-07-01T22:30:00Z'))).toISOString()).toBe('2026-07-01T22:00:00.000Z');
  });

  it('uses midnight’s own offset on a DST change day', () => {
    // 29 March 2026: Prague moves from UTC+1 to UTC+2 at 02:00; midnight was still UTC+1
    expect(new Date(startOfPlantDay('Europe/Prague', Date.parse('2026-03-29T12:00:00Z'))).toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('works west of UTC', () => {
    expect(new Date(startOfPlantDay('America/New_York', Date.parse('2026-01-15T03:00:00Z'))).toISOString()).toBe('2026-01-14T05:00:00.000Z');
  });
});

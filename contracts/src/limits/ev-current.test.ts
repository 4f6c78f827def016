// A charger's current selects offer only what its rating allows, and never an invalid min/max pair.
import { currentChoices, ratedCurrentA } from './ev';

describe('charger current choices', () => {
  it('takes the highest current from the rated power at three phases of 230 V', () => {
    expect(ratedCurrentA(11)).toBe(16);
    expect(ratedCurrentA(22)).toBe(32);
    expect(ratedCurrentA(null)).toBe(32);
    expect(ratedCurrentA(1)).toBe(6);
  });

  it('offers 6–16 A on a 16 A wallbox, the minimum up to the maximum and the maximum from the minimum', () => {
    const { min, max } = currentChoices(16, 8, 12);
    expect(min).toEqual([6, 7, 8, 9, 10, 11, 12]);
    expect(max).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(Math.max(...currentChoices(16, 6, 32).max)).toBe(16);
  });
});

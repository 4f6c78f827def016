// A charger's current selects offer only what its rating allows, and never an invalid min/max pair.
import { chargerCurrentPair, currentChoices, ratedCurrentA } from './ev';

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

describe('chargerCurrentPair', () => {
  it('pairs a changed limit with the other as the form shows it', () => {
    expect(chargerCurrentPair('minCurrentA', 20, 12, 16)).toEqual({ minCurrentA: 20, maxCurrentA: 12 });
    // never set: the lowest current, or the rating; above the rating: the rating
    expect(chargerCurrentPair('minCurrentA', 10, null, 16)).toEqual({ minCurrentA: 10, maxCurrentA: 16 });
    expect(chargerCurrentPair('maxCurrentA', 12, null, 16)).toEqual({ minCurrentA: 6, maxCurrentA: 12 });
    expect(chargerCurrentPair('minCurrentA', 14, 32, 16)).toEqual({ minCurrentA: 14, maxCurrentA: 16 });
  });
});

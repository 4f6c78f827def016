import { SpotIndex } from './spot-index';

const H = 3_600_000;
const price = (hour: number, eurMwh: number, minutes = 60) => ({ start: hour * H, minutes, eurMwh, demo: false });

describe('spot price index', () => {
  const index = new SpotIndex([price(2, 30), price(0, 100), price(1, 50), price(3, 10, 15)]);

  it('averages the periods that start in the interval, weighted by their length', () => {
    expect(index.meanEurMwh(0, 2 * H)).toBe(75);
    expect(index.meanEurMwh(2 * H, 4 * H)).toBeCloseTo((30 * 60 + 10 * 15) / 75, 9);
    expect(index.meanEurMwh(0, 4 * H)).toBeCloseTo((100 * 60 + 50 * 60 + 30 * 60 + 10 * 15) / 195, 9);
  });

  it('has no price for an interval without periods', () => {
    expect(index.meanEurMwh(10 * H, 20 * H)).toBeNull();
    expect(new SpotIndex([]).meanEurMwh(0, H)).toBeNull();
  });
});

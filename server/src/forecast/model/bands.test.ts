import { bandAt, errorBands } from './bands';

const H = 3_600_000;

test('errors relative to the clear sky, grouped by horizon: the later group is wider', () => {
  const past = [];
  const actual = new Map<number, number>();
  for (let day = 0; day < 6; day++) {
    const slot = day * 24 * H;
    const pv = Array.from({ length: 192 }, () => 1000);
    const clear = Array.from({ length: 192 }, () => 2000);
    past.push({ slot, series: { pv, clear } });
    for (let j = 0; j < 48; j++) {
      // Within 6 h the forecast misses by ±5 % of the clear sky; later by ±40 %.
      const miss = (j < 6 ? 0.05 : 0.4) * 2000 * (j % 2 === 0 ? 1 : -1);
      actual.set(slot + j * H, 1000 + miss);
    }
  }
  const bands = errorBands(past, actual, 5000);
  expect(bands).toBeDefined();
  const [nearLow, nearHigh] = bandAt(bands!, 1)!;
  const [farLow, farHigh] = bandAt(bands!, 30)!;
  expect(nearHigh - nearLow).toBeCloseTo(0.1, 5);
  expect(farHigh - farLow).toBeCloseTo(0.8, 5);
});

test('too few past errors give no bands (the history spread serves instead)', () => {
  expect(
    errorBands([{ slot: 0, series: { pv: [1000, 1000, 1000, 1000], clear: [2000, 2000, 2000, 2000] } }], new Map([[0, 900]]), 5000),
  ).toBeUndefined();
});

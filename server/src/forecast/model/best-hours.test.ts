import { bestHours } from './best-hours';

const H = 3_600_000;
const hour = (i: number, surplusW: number, priceCzkKwh: number | null = null) => ({ start: i * H, surplusW, priceCzkKwh });

test('the hours with the most surplus come first, listed in time order', () => {
  const picks = bestHours([hour(1, 500), hour(2, 3000), hour(3, 2000), hour(4, 2500)], 3);
  expect(picks.map((p) => [p.start / H, p.reason])).toEqual([
    [2, 'surplus'],
    [3, 'surplus'],
    [4, 'surplus'],
  ]);
});

test('too little surplus: the cheapest remaining hours fill in when prices are known', () => {
  const picks = bestHours([hour(1, 100, 3), hour(2, 1500, 4), hour(3, -800, 1.5), hour(4, -300, 2)], 3);
  expect(picks.map((p) => [p.start / H, p.reason])).toEqual([
    [2, 'surplus'],
    [3, 'price'],
    [4, 'price'],
  ]);
});

test('without surplus or prices there is nothing to recommend', () => {
  expect(bestHours([hour(1, -500), hour(2, 100)], 3)).toEqual([]);
});

import { bucketTicks } from './chart-ticks';

describe('chart ticks', () => {
  it('labels every bucket up to twelve, and every n-th beyond', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => i * 10);
    expect(bucketTicks(twelve)).toEqual(twelve);
    const days = Array.from({ length: 31 }, (_, i) => i);
    expect(bucketTicks(days)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30]);
  });
});

import type { SpotPrices } from '@helio/shared-utils';
import { spotCsv, spotFileName } from './spot-csv';

const prices: SpotPrices = {
  area: 'CZ',
  timeZone: 'Europe/Prague',
  eurCzk: 25.123,
  days: [
    {
      date: '2026-11-28',
      demo: true,
      own: false,
      prices: [{ start: '2026-11-27T23:00:00.000Z', end: '2026-11-27T23:15:00.000Z', eurMwh: 91.456, czkKwh: 2.2976789 }],
    },
    { date: '2026-11-29', demo: false, own: false, prices: [] },
  ],
};

describe('the spot prices as CSV', () => {
  it('writes the market’s clock with its offset and prices at their precision', () => {
    expect(spotCsv(prices).split('\r\n').slice(0, 2)).toEqual([
      'start,end,eurMwh,czkKwh,source',
      '2026-11-28T00:00:00+01:00,2026-11-28T00:15:00+01:00,91.46,2.2977,demo',
    ]);
  });

  it('is named by the market days that have prices', () => {
    expect(spotFileName(prices)).toBe('spot_CZ_2026-11-28.csv');
  });
});

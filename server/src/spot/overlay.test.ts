// An organisation's own prices over the server's series: its periods replace every server period they
// overlap, whatever the two resolutions, and the server's periods elsewhere stay.
import { overlay, type SpotPrice } from './spot-store';

const M = 60_000;
const price = (startMin: number, minutes: number, eurMwh: number, own: boolean): SpotPrice => ({
  start: startMin * M,
  minutes,
  eurMwh,
  demo: !own,
  own,
});
const shape = (prices: SpotPrice[]) => prices.map((p) => `${p.start / M}+${p.minutes}${p.own ? ' own' : ''}`);

describe('own prices over the server’s', () => {
  it('replaces the quarter hours an own hour covers, and keeps the rest', () => {
    const shared = [0, 15, 30, 45, 60, 75].map((m) => price(m, 15, 50, false));
    expect(shape(overlay([price(0, 60, -1, true)], shared))).toEqual(['0+60 own', '60+15', '75+15']);
  });

  it('replaces an hour any own quarter hour falls in', () => {
    const shared = [price(0, 60, 50, false), price(60, 60, 50, false), price(120, 60, 50, false)];
    expect(shape(overlay([price(75, 15, 1, true), price(90, 15, 1, true)], shared))).toEqual(['0+60', '75+15 own', '90+15 own', '120+60']);
  });

  it('answers the server’s series as it is without own prices', () => {
    const shared = [price(0, 60, 50, false)];
    expect(overlay([], shared)).toEqual(shared);
  });
});

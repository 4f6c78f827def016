// The clear-sky hours kept between forecast runs stay at their bound: past it the least recently
// used hour goes, and asking for it again computes the same irradiance.
import { BoundedMap } from '../../cache/bounded-map';
import { HOUR_MS } from './series';
import { hourlyClearPoa, type ClearSkyHours } from './pv-model';

const site = { latitude: 49.2, longitude: 16.6, tiltDeg: 35, azimuthDeg: 180, altitudeM: 250 };
const noon = Date.UTC(2026, 5, 21, 10);

describe('the clear-sky hours kept', () => {
  it('stay at the bound, the least recently used hour going first', () => {
    const kept: ClearSkyHours = new BoundedMap(3);
    const poa = hourlyClearPoa(site, kept);
    const hours = [0, 1, 2, 3].map((k) => noon + k * HOUR_MS);
    const first = poa(hours[0]!);
    poa(hours[1]!);
    poa(hours[2]!);
    poa(hours[0]!); // used again: now the most recent
    poa(hours[3]!); // past the bound: the second hour goes
    expect(kept.size).toBe(3);
    expect([...kept.keys()].map((key) => Number(key.split('|')[1]))).toEqual([hours[2], hours[0], hours[3]]);
    expect(first).toBeGreaterThan(0);
    expect(poa(hours[0]!)).toBe(first);
  });
});

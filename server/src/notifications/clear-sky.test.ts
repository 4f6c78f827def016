import { clearSkyAt } from '../solar/site-irradiance';
import { clearSkyIrradiance, clearSkyPvW } from './clear-sky';

const BRNO = { latitude: 49.2, longitude: 16.6 };

describe('the clear-sky PV estimate', () => {
  it('expects nothing at night', () => {
    expect(clearSkyPvW(new Date('2025-06-21T23:00:00Z'), BRNO.latitude, BRNO.longitude, 10)).toBe(0);
  });

  it('expects most of the peak at a summer noon and much less at a winter noon', () => {
    const summer = clearSkyPvW(new Date('2025-06-21T11:00:00Z'), BRNO.latitude, BRNO.longitude, 10);
    const winter = clearSkyPvW(new Date('2025-12-21T11:00:00Z'), BRNO.latitude, BRNO.longitude, 10);
    expect(summer).toBeGreaterThan(7000);
    expect(summer).toBeLessThan(8500);
    expect(winter).toBeGreaterThan(1500);
    expect(winter).toBeLessThan(summer / 2);
  });

  it('grows with the sun in the morning', () => {
    const early = clearSkyIrradiance(new Date('2025-06-21T04:00:00Z'), BRNO.latitude, BRNO.longitude);
    const later = clearSkyIrradiance(new Date('2025-06-21T07:00:00Z'), BRNO.latitude, BRNO.longitude);
    expect(early).toBeGreaterThan(0);
    expect(later).toBeGreaterThan(early);
  });

  it('takes the horizontal irradiance of the clear sky the forecasts are built on', () => {
    const at = Date.parse('2025-06-21T09:00:00Z');
    const site = { ...BRNO, tiltDeg: 0, azimuthDeg: 0, altitudeM: 0 };
    expect(clearSkyIrradiance(new Date(at), BRNO.latitude, BRNO.longitude)).toBeCloseTo(clearSkyAt(site, at).horizontal.ghi, 6);
  });

  it('scales with the array’s peak power', () => {
    const at = new Date('2025-06-21T11:00:00Z');
    expect(clearSkyPvW(at, BRNO.latitude, BRNO.longitude, 20)).toBeCloseTo(2 * clearSkyPvW(at, BRNO.latitude, BRNO.longitude, 10));
  });
});

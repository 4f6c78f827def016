// The transposition and decomposition keep the identities they must.
import { ineichen } from './clear-sky';
import { clearSkyAt, meanClearPoa, poaForGhi, siteOf } from './site-irradiance';
import { cosIncidence, erbs, planeOfArray } from './transposition';

const sun = { elevationDeg: 40, zenithDeg: 50, azimuthDeg: 10 };
const sky = ineichen(50, 1.55, 3);

describe('plane of array', () => {
  test('a flat panel receives exactly the global horizontal irradiance', () => {
    expect(planeOfArray(sky, sun, { tiltDeg: 0, azimuthDeg: 0 }, 1364)).toBeCloseTo(sky.ghi, 6);
  });

  test('a panel facing the sun squarely has incidence 0 and gets more than a flat one', () => {
    const facing = { tiltDeg: 50, azimuthDeg: 10 };
    expect(cosIncidence(sun, facing)).toBeCloseTo(1, 9);
    expect(planeOfArray(sky, sun, facing, 1364)).toBeGreaterThan(sky.ghi);
  });

  test('a panel facing away from the sun gets only diffuse and ground light', () => {
    const away = planeOfArray(sky, sun, { tiltDeg: 60, azimuthDeg: 190 }, 1364);
    expect(away).toBeGreaterThan(0);
    expect(away).toBeLessThan(sky.dhi);
  });
});

describe('Erbs decomposition', () => {
  test('beam and diffuse add back to the global irradiance', () => {
    for (const ghi of [50, 300, 700, 950]) {
      const split = erbs(ghi, 40, 1367);
      expect(split.dhi + split.dni * Math.cos((40 * Math.PI) / 180)).toBeCloseTo(ghi, 6);
    }
  });

  test('an overcast sky is nearly all diffuse, a clear one mostly beam', () => {
    expect(erbs(80, 40, 1367).dhi / 80).toBeGreaterThan(0.95);
    expect(erbs(850, 40, 1367).dhi / 850).toBeLessThan(0.25);
  });

  test('feeding the clear-sky GHI back through Erbs gives close to the clear-sky POA', () => {
    const site = siteOf({ latitude: 49.2, longitude: 16.6, tilt_deg: 35, azimuth_deg: 0 });
    const point = clearSkyAt(site, Date.parse('2026-06-21T10:00:00Z'));
    expect(Math.abs(poaForGhi(point, site, point.horizontal.ghi) / point.poa - 1)).toBeLessThan(0.1);
  });
});

test('night gives nothing and the summer noon of Brno is within a plausible range', () => {
  const site = siteOf({ latitude: 49.2, longitude: 16.6, tilt_deg: null, azimuth_deg: null });
  expect(meanClearPoa(site, Date.parse('2026-06-21T22:00:00Z'), 3_600_000)).toBe(0);
  const noon = clearSkyAt(site, Date.parse('2026-06-21T11:00:00Z'));
  expect(noon.poa).toBeGreaterThan(900);
  expect(noon.poa).toBeLessThan(1100);
});

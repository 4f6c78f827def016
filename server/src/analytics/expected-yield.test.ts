import { clearSkyAt, siteOf } from '../solar/site-irradiance';
import {
  expectedYieldKwh,
  keptIrradiation,
  planeOfArrayIrradiance,
  planeOfArrayIrradiation,
  roundedSite,
  type ArraySite,
} from './expected-yield';

const brno: ArraySite = { latitude: 49.2, longitude: 16.6, tiltDeg: 35, azimuthDeg: 0 };
const HOUR = 3_600_000;

describe('clear-sky expected yield', () => {
  it('is the clear sky the forecasts are built on, for the same array', () => {
    const plant = { latitude: brno.latitude, longitude: brno.longitude, tilt_deg: 35, azimuth_deg: 0 };
    for (const at of ['2025-06-21T06:00:00Z', '2025-06-21T11:00:00Z', '2025-12-21T11:00:00Z']) {
      expect(planeOfArrayIrradiance(new Date(at), brno)).toBeCloseTo(clearSkyAt(siteOf(plant), Date.parse(at)).poa, 6);
    }
  });

  it('gives nothing at night and roughly 1 kW/m² on a south roof at a June noon', () => {
    expect(planeOfArrayIrradiance(new Date('2025-06-21T22:00:00Z'), brno)).toBe(0);
    const noon = planeOfArrayIrradiance(new Date('2025-06-21T11:00:00Z'), brno);
    expect(noon).toBeGreaterThan(850);
    expect(noon).toBeLessThan(1100);
  });

  it('gives a south roof more in the morning than a west one and less in the evening', () => {
    const west = { ...brno, azimuthDeg: 90 };
    const morning = new Date('2025-06-21T06:00:00Z');
    const evening = new Date('2025-06-21T16:00:00Z');
    expect(planeOfArrayIrradiance(morning, brno)).toBeGreaterThan(planeOfArrayIrradiance(morning, west));
    expect(planeOfArrayIrradiance(evening, brno)).toBeLessThan(planeOfArrayIrradiance(evening, west));
  });

  it('integrates a clear June day in central Europe to 7–9 kWh/m² and a December day to under 3.5', () => {
    const june = planeOfArrayIrradiation(brno, Date.UTC(2025, 5, 20, 22), Date.UTC(2025, 5, 21, 22));
    const december = planeOfArrayIrradiation(brno, Date.UTC(2025, 11, 20, 23), Date.UTC(2025, 11, 21, 23));
    expect(june).toBeGreaterThan(7);
    expect(june).toBeLessThan(9.5);
    expect(december).toBeLessThan(3.5);
    expect(december).toBeGreaterThan(0.5);
  });

  it('scales with peak power and gives nothing for an empty interval', () => {
    const from = Date.UTC(2025, 5, 21, 8);
    expect(expectedYieldKwh(brno, 10, from, from + HOUR)).toBeCloseTo(2 * expectedYieldKwh(brno, 5, from, from + HOUR), 6);
    expect(expectedYieldKwh(brno, 10, from, from)).toBe(0);
  });

  it('takes an array of unknown orientation as 35° facing south', () => {
    const from = Date.UTC(2025, 3, 1);
    expect(expectedYieldKwh({ ...brno, tiltDeg: null, azimuthDeg: null }, 1, from, from + 24 * HOUR)).toBeCloseTo(
      expectedYieldKwh(brno, 1, from, from + 24 * HOUR),
      6,
    );
  });

  it('reads a month from interpolated days within 1 % of integrating every quarter hour', () => {
    const from = Date.UTC(2025, 2, 31, 22);
    const to = Date.UTC(2025, 3, 30, 22);
    const direct = planeOfArrayIrradiation(roundedSite(brno), from, to);
    expect(Math.abs(keptIrradiation(brno, from, to) - direct) / direct).toBeLessThan(0.01);
  });

  it('rounds a site to 0.25° of latitude, 1° of longitude and 5° of orientation', () => {
    expect(roundedSite({ latitude: 49.19, longitude: 16.62, tiltDeg: 33, azimuthDeg: -12 })).toEqual({
      latitude: 49.25,
      longitude: 17,
      tiltDeg: 35,
      azimuthDeg: -10,
    });
  });

  it('reads part of a day off the quarter-hour sums as integrating it directly does', () => {
    const from = Date.UTC(2025, 4, 10, 7, 20);
    const to = Date.UTC(2025, 4, 10, 13, 5);
    const direct = planeOfArrayIrradiation(roundedSite(brno), from, to);
    expect(keptIrradiation(brno, from, to)).toBeCloseTo(direct, 2);
    const twoDays = [Date.UTC(2025, 4, 9, 22), Date.UTC(2025, 4, 11, 22)] as const;
    expect(keptIrradiation(brno, ...twoDays)).toBeCloseTo(planeOfArrayIrradiation(roundedSite(brno), ...twoDays), 2);
  });
});

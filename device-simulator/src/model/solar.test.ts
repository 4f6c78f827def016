import { clearSkyFactor, cloudTransmission } from './solar';

const PRAGUE = { lat: 50.08, lon: 14.42 };
const at = (iso: string) => new Date(iso);

describe('clearSkyFactor', () => {
  it('is zero at night', () => {
    expect(clearSkyFactor(at('2024-06-21T23:00:00Z'), PRAGUE.lat, PRAGUE.lon)).toBe(0);
    expect(clearSkyFactor(at('2024-12-21T17:00:00Z'), PRAGUE.lat, PRAGUE.lon)).toBe(0);
  });

  it('peaks near solar noon and is lower in the morning', () => {
    const noon = clearSkyFactor(at('2024-06-21T11:00:00Z'), PRAGUE.lat, PRAGUE.lon);
    const morning = clearSkyFactor(at('2024-06-21T05:00:00Z'), PRAGUE.lat, PRAGUE.lon);
    expect(noon).toBeGreaterThan(0.7);
    expect(noon).toBeLessThanOrEqual(1);
    expect(morning).toBeGreaterThan(0);
    expect(morning).toBeLessThan(noon / 2);
  });

  it('gives less at a winter noon than at a summer noon', () => {
    const summer = clearSkyFactor(at('2024-06-21T11:00:00Z'), PRAGUE.lat, PRAGUE.lon);
    const winter = clearSkyFactor(at('2024-12-21T11:00:00Z'), PRAGUE.lat, PRAGUE.lon);
    expect(winter).toBeGreaterThan(0.2);
    expect(winter).toBeLessThan(summer);
  });

  it('follows the seasons of the southern hemisphere', () => {
    const sydneyDecember = clearSkyFactor(at('2024-12-21T02:00:00Z'), -33.87, 151.21);
    const sydneyJune = clearSkyFactor(at('2024-06-21T02:00:00Z'), -33.87, 151.21);
    expect(sydneyDecember).toBeGreaterThan(sydneyJune);
    expect(sydneyJune).toBeGreaterThan(0.3);
  });
});

describe('cloudTransmission', () => {
  it('passes everything under a clear sky and a fifth when overcast', () => {
    expect(cloudTransmission(0)).toBe(1);
    expect(cloudTransmission(1)).toBeCloseTo(0.2);
  });
});

import { seededRandom } from '../random';
import { afterCharging, arrivalRatePerHour, evChargeW, stepEvSession, type EvState } from './ev-charger';

describe('EV sessions', () => {
  it('arrive after work on workdays and not in the night', () => {
    expect(arrivalRatePerHour({ hour: 17.5, weekday: 2 })).toBeGreaterThan(0.2);
    expect(arrivalRatePerHour({ hour: 3, weekday: 2 })).toBeLessThan(1e-6);
  });

  it('charge at full power until the car has what it wanted, then draw nothing', () => {
    let state: EvState = { session: { remainingKwh: 1, departsAt: Number.MAX_SAFE_INTEGER } };
    let delivered = 0;
    for (let i = 0; i < 100; i++) {
      const w = evChargeW(state, 11, 60);
      expect(w).toBeLessThanOrEqual(11_000);
      delivered += (w * 60) / 3_600_000;
      state = afterCharging(state, w, 60);
    }
    expect(delivered).toBeCloseTo(1, 2);
    expect(evChargeW(state, 11, 60)).toBe(0);
  });

  it('end when the car leaves', () => {
    const state: EvState = { session: { remainingKwh: 10, departsAt: 1000 } };
    const rng = seededRandom(1);
    expect(stepEvSession(state, { hour: 8, weekday: 1 }, 999, 5, rng).session).not.toBeNull();
    expect(stepEvSession(state, { hour: 8, weekday: 1 }, 1000, 5, rng).session).toBeNull();
  });

  it('start about once a day over a simulated month', () => {
    const rng = seededRandom(3);
    let state: EvState = { session: null };
    let arrivals = 0;
    const start = Date.UTC(2024, 4, 1);
    for (let t = 0; t < 30 * 24 * 60; t++) {
      const now = start + t * 60_000;
      const hour = (t % 1440) / 60;
      const weekday = (3 + Math.floor(t / 1440)) % 7;
      const before = state.session;
      state = stepEvSession(state, { hour, weekday }, now, 60, rng);
      if (!before && state.session) arrivals++;
    }
    expect(arrivals).toBeGreaterThanOrEqual(12);
    expect(arrivals).toBeLessThanOrEqual(31);
  });
});

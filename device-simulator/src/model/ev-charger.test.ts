import { seededRandom } from '../random';
import { afterCharging, arrivalRatePerHour, evChargeW, initialEvState, stepEvSession, wantedKwh, type EvState } from './ev-charger';

describe('EV sessions', () => {
  it('arrive after work on workdays and not in the night', () => {
    expect(arrivalRatePerHour({ hour: 17.5, weekday: 2 })).toBeGreaterThan(0.2);
    expect(arrivalRatePerHour({ hour: 3, weekday: 2 })).toBeLessThan(1e-6);
  });

  const car = { batteryKwh: 50, socPct: 78, limitPct: 80 }; // wants 1 kWh
  const inputs = (nowMs: number) => ({ nowMs, surplusW: 0, ratedW: 11_000, dtSeconds: 60 });

  it('charge in fast mode at full power until the car reaches its limit, then draw nothing', () => {
    let state: EvState = { ...initialEvState(), session: { car, departsAt: Number.MAX_SAFE_INTEGER, deliveredKwh: 0 } };
    let delivered = 0;
    for (let i = 0; i < 100; i++) {
      const step = evChargeW(state, inputs(i * 60_000));
      expect(step.powerW).toBeLessThanOrEqual(11_000);
      // 11 kW on three phases allows 15.9 A: whole amperes, so 15 A.
      if (i === 0) expect(step.powerW).toBe(15 * 3 * 230);
      delivered += (step.powerW * 60) / 3_600_000;
      state = afterCharging(step.state, step.powerW, 60);
    }
    expect(delivered).toBeCloseTo(1, 2);
    expect(state.session?.deliveredKwh).toBeCloseTo(1, 2);
    expect(state.session?.car.socPct).toBeCloseTo(80, 5);
    expect(wantedKwh(state.session!.car)).toBeCloseTo(0, 5);
    expect(evChargeW(state, inputs(6_000_000)).powerW).toBe(0);
  });

  it('end when the car leaves', () => {
    const state: EvState = { ...initialEvState(), session: { car, departsAt: 1000, deliveredKwh: 0 } };
    const rng = seededRandom(1);
    expect(stepEvSession(state, { hour: 8, weekday: 1 }, 999, 5, rng).session).not.toBeNull();
    expect(stepEvSession(state, { hour: 8, weekday: 1 }, 1000, 5, rng).session).toBeNull();
  });

  it('start about once a day over a simulated month', () => {
    const rng = seededRandom(3);
    let state: EvState = initialEvState();
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

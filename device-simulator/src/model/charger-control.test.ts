import {
  controlCharger,
  DEFAULT_CHARGER_TIMING,
  IDLE_CONTROL,
  wattsFor,
  type ChargerControl,
  type ChargerSettings,
} from './charger-control';

const solar: ChargerSettings = { mode: 'solar', minA: 6, maxA: 16, phases: 3, planSlots: [] };
const inputs = (nowMs: number, surplusW: number, carWants = true) => ({ nowMs, surplusW, carWants, ratedW: 22_000 });
const { startHoldMs, stopDelayMs, phaseSwitchDelayMs } = DEFAULT_CHARGER_TIMING;

/** Runs the controller every 10 s over a surplus profile; returns the current after each step. */
function run(settings: ChargerSettings, surplusAt: (t: number) => number, seconds: number, from: ChargerControl = IDLE_CONTROL) {
  let state = from;
  const trace: ChargerControl[] = [];
  for (let t = 0; t <= seconds * 1000; t += 10_000) {
    state = controlCharger(settings, state, inputs(t, surplusAt(t)));
    trace.push(state);
  }
  return trace;
}

describe('charger control', () => {
  it('solar: starts only after the surplus has carried the minimum for the hold time', () => {
    const trace = run(solar, () => 5000, startHoldMs / 1000 + 20);
    const started = trace.findIndex((s) => s.currentA > 0);
    expect(started * 10_000).toBeGreaterThanOrEqual(startHoldMs);
    expect(trace[started].currentA).toBe(7); // 5000 W / (3 × 230 V) = 7.2 A, whole amperes
    expect(wattsFor(trace[started].currentA, 3)).toBeLessThanOrEqual(5000);
  });

  it('solar: a surplus that dips below the minimum before the hold time resets the wait', () => {
    const trace = run(solar, (t) => (t === 30_000 ? 1000 : 5000), 30 + startHoldMs / 1000 + 30);
    expect(trace.some((s) => s.currentA > 0)).toBe(true);
    const started = trace.findIndex((s) => s.currentA > 0);
    expect(started * 10_000).toBeGreaterThanOrEqual(30_000 + startHoldMs);
  });

  it('solar: follows the surplus in 1 A steps at once while charging, never above it or the maximum', () => {
    const charging: ChargerControl = { ...IDLE_CONTROL, currentA: 8 };
    for (const [surplus, amps] of [
      [6900, 10],
      [7590, 11],
      [4200, 6],
      [20_000, 16],
    ] as const) {
      const next = controlCharger(solar, charging, inputs(0, surplus));
      expect(next.currentA).toBe(amps);
      if (surplus < 16 * 690) expect(wattsFor(next.currentA, 3)).toBeLessThanOrEqual(surplus);
    }
  });

  it('solar: holds the minimum through a short cloud and stops only after the delay (no flapping)', () => {
    const cloudEnds = stopDelayMs - 30_000;
    const short = run(solar, (t) => (t < cloudEnds ? 500 : 6000), stopDelayMs / 1000, { ...IDLE_CONTROL, currentA: 8 });
    expect(short.every((s) => s.currentA >= 6)).toBe(true);
    const long = run(solar, () => 500, stopDelayMs / 1000 + 20, { ...IDLE_CONTROL, currentA: 8 });
    const stopped = long.findIndex((s) => s.currentA === 0);
    expect(stopped * 10_000).toBeGreaterThanOrEqual(stopDelayMs);
    // Once stopped it stays stopped while the surplus stays low: no on-off cycling.
    expect(long.slice(stopped).every((s) => s.currentA === 0)).toBe(true);
  });

  it('min+solar: charges the minimum without surplus and adds the surplus on top', () => {
    const minsolar = { ...solar, mode: 'minsolar' as const };
    expect(controlCharger(minsolar, IDLE_CONTROL, inputs(0, 0)).currentA).toBe(6);
    expect(controlCharger(minsolar, IDLE_CONTROL, inputs(0, 9000)).currentA).toBe(13);
  });

  it('fast: full current at once, capped by the charger rating; off and a full car: nothing', () => {
    expect(controlCharger({ ...solar, mode: 'fast' }, IDLE_CONTROL, inputs(0, 0)).currentA).toBe(16);
    expect(controlCharger({ ...solar, mode: 'fast', maxA: 32 }, IDLE_CONTROL, { ...inputs(0, 0), ratedW: 11_000 }).currentA).toBe(15);
    expect(controlCharger({ ...solar, mode: 'off' }, { ...IDLE_CONTROL, currentA: 10 }, inputs(0, 20_000)).currentA).toBe(0);
    expect(controlCharger({ ...solar, mode: 'fast' }, { ...IDLE_CONTROL, currentA: 10 }, inputs(0, 0, false)).currentA).toBe(0);
  });

  it('plan: full power inside a planned slot, surplus only outside', () => {
    const plan: ChargerSettings = { ...solar, mode: 'plan', planSlots: [[1_000_000, 2_000_000]] };
    expect(controlCharger(plan, IDLE_CONTROL, inputs(1_500_000, 0)).currentA).toBe(16);
    expect(controlCharger(plan, IDLE_CONTROL, inputs(2_000_000, 0)).currentA).toBe(0);
  });

  it('automatic phases: one phase when three cannot carry the minimum, switching only after its delay', () => {
    const auto = { ...solar, phases: 0 as const };
    // Not charging: picks one phase straight away for 2 kW.
    expect(controlCharger(auto, IDLE_CONTROL, inputs(0, 2000)).phases).toBe(1);
    // Charging on three phases and the surplus falls to 2.5 kW: stays on three until the delay has passed.
    const trace = run(auto, () => 2500, phaseSwitchDelayMs / 1000 + 20, { ...IDLE_CONTROL, currentA: 8, phases: 3 });
    const switched = trace.findIndex((s) => s.phases === 1);
    expect(switched * 10_000).toBeGreaterThanOrEqual(phaseSwitchDelayMs);
    expect(trace[trace.length - 1]).toMatchObject({ phases: 1, currentA: 10 }); // 2500 / 230 = 10.8 A
  });
});

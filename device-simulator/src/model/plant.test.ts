import { seededRandom } from '../random';
import { SOC_MAX_PCT, SOC_MIN_PCT, type OperMode } from './battery';
import { initialPlantState, stepPlant, type PlantReading, type PlantState, type SimPlantConfig } from './plant';

const FULL: SimPlantConfig = {
  thingName: 'full',
  latitude: 50.08,
  longitude: 14.42,
  timezone: 'Europe/Prague',
  pvPeakKw: 12,
  batteryKwh: 8,
  chargerKw: 11,
};
const PV_ONLY: SimPlantConfig = { thingName: 'pv-only', latitude: 49.2, longitude: 16.6, pvPeakKw: 6 };

/** Runs a plant for `days` from `startIso` in fixed steps and hands every step to `check`. */
function run(
  config: SimPlantConfig,
  startIso: string,
  days: number,
  stepSeconds: number,
  check: (reading: PlantReading, state: PlantState, previous: PlantState, at: Date) => void,
  mode: OperMode = 'self-consumption',
): PlantState {
  const rng = seededRandom(11);
  let state: PlantState = { ...initialPlantState(config), operMode: mode };
  const start = Date.parse(startIso);
  for (let t = stepSeconds; t <= days * 86_400; t += stepSeconds) {
    const at = new Date(start + t * 1000);
    const next = stepPlant(config, state, at, stepSeconds, rng, 42);
    check(next.reading, next.state, state, at);
    state = next.state;
  }
  return state;
}

describe('stepPlant', () => {
  it.each([
    ['a plant with battery and charger in summer', FULL, '2024-06-17T00:00:00Z'],
    ['a plant with battery and charger in winter', FULL, '2024-12-16T00:00:00Z'],
    ['a PV-only plant', PV_ONLY, '2024-04-01T00:00:00Z'],
  ])('conserves power at every step: PV + grid + battery = load + EV (%s)', (_name, config, start) => {
    // Violations are collected and asserted once: an expect() per step would dominate the run time.
    const unbalanced: PlantReading[] = [];
    const fractional: PlantReading[] = [];
    let steps = 0;
    run(config, start, 7, 60, (r) => {
      if (r.pvW + r.gridW + r.batteryW !== r.loadW + r.evW) unbalanced.push(r);
      if (![r.pvW, r.gridW, r.batteryW, r.loadW, r.evW].every(Number.isInteger)) fractional.push(r);
      steps++;
    });
    expect(unbalanced).toEqual([]);
    expect(fractional).toEqual([]);
    expect(steps).toBe(7 * 1440);
  });

  it.each<OperMode>(['self-consumption', 'backup', 'force-charge'])(
    'keeps the state of charge within %s limits over a fortnight',
    (mode) => {
      let lowest = 100;
      let highest = 0;
      run(
        FULL,
        '2024-05-01T00:00:00Z',
        14,
        300,
        (_r, state) => {
          lowest = Math.min(lowest, state.socPct);
          highest = Math.max(highest, state.socPct);
        },
        mode,
      );
      expect(lowest).toBeGreaterThanOrEqual(SOC_MIN_PCT - 1e-9);
      expect(highest).toBeLessThanOrEqual(SOC_MAX_PCT + 1e-9);
      // The limits were actually reached, so the check above had something to prove.
      expect(highest).toBeGreaterThan(SOC_MAX_PCT - 1);
      if (mode === 'self-consumption') expect(lowest).toBeLessThan(SOC_MIN_PCT + 1);
    },
  );

  it('never exports more than the export limit and curtails PV instead', () => {
    const config = { ...PV_ONLY, exportLimitKw: 2 };
    let curtailed = 0;
    let largestExport = 0;
    run(config, '2024-06-17T00:00:00Z', 3, 60, (r) => {
      largestExport = Math.max(largestExport, -r.gridW);
      curtailed += r.curtailedW;
    });
    expect(largestExport).toBe(2000);
    expect(curtailed).toBeGreaterThan(0);
  });

  it('produces no PV at night and a plausible summer yield by day', () => {
    let midnightPvW = 0;
    const finalState = run(FULL, '2024-06-17T00:00:00Z', 7, 60, (r, _s, _p, at) => {
      if (at.getUTCHours() === 0) midnightPvW += r.pvW;
    });
    expect(midnightPvW).toBe(0);
    const dailyKwhPerKwp = finalState.counters.pvKwh / 7 / FULL.pvPeakKw;
    expect(dailyKwhPerKwp).toBeGreaterThan(1.5);
    expect(dailyKwhPerKwp).toBeLessThan(7.5);
  });

  it('counts energy monotonically and consistently with the powers', () => {
    let energyFromPowers = 0;
    const decreased = new Set<string>();
    const finalState = run(FULL, '2024-03-01T00:00:00Z', 2, 30, (r, state, previous) => {
      for (const key of Object.keys(state.counters) as (keyof PlantState['counters'])[]) {
        if (state.counters[key] < previous.counters[key]) decreased.add(key);
      }
      energyFromPowers += (r.loadW * 30) / 3_600_000;
    });
    expect([...decreased]).toEqual([]);
    expect(finalState.counters.loadKwh).toBeCloseTo(energyFromPowers, 6);
    const c = finalState.counters;
    // Energy is conserved over time as well: sources equal sinks.
    expect(c.pvKwh + c.gridImportKwh + c.batDischargeKwh).toBeCloseTo(c.loadKwh + c.evKwh + c.gridExportKwh + c.batChargeKwh, 6);
  });

  it('continues from resumed counters and state of charge', () => {
    const state = initialPlantState({ ...FULL, resume: { pvKwh: 1234.5, socPct: 80, operMode: 'backup' } });
    expect(state.counters.pvKwh).toBe(1234.5);
    expect(state.socPct).toBe(80);
    expect(state.operMode).toBe('backup');
    expect(initialPlantState({ ...FULL, resume: { socPct: 100 } }).socPct).toBe(SOC_MAX_PCT);
  });

  it('is reproducible from its seed', () => {
    const a: number[] = [];
    const b: number[] = [];
    run(FULL, '2024-06-17T08:00:00Z', 0.1, 5, (r) => a.push(r.gridW));
    run(FULL, '2024-06-17T08:00:00Z', 0.1, 5, (r) => b.push(r.gridW));
    expect(a).toEqual(b);
  });
});

describe('a plant with a controlled charger', () => {
  const config = {
    thingName: 'ev-test',
    latitude: 49.2,
    longitude: 16.6,
    pvPeakKw: 12,
    chargerKw: 11,
    exportLimitKw: 12,
    evTiming: { startHoldMs: 0, stopDelayMs: 0, phaseSwitchDelayMs: 0 },
  };

  it('in solar mode charges from the surplus (export + own power) and conserves power every step', () => {
    const rng = seededRandom(5);
    let state = initialPlantState(config);
    state = {
      ...state,
      overrides: { sunW: 6000, loadW: 1000 },
      ev: {
        ...state.ev,
        settings: { ...state.ev.settings, mode: 'solar', phases: 3 },
        session: { car: { batteryKwh: 60, socPct: 20, limitPct: 80 }, departsAt: Number.MAX_SAFE_INTEGER, deliveredKwh: 0 },
      },
    };
    const at = Date.UTC(2024, 5, 1, 11);
    const readings = [];
    for (let i = 1; i <= 4; i++) {
      const step = stepPlant(config, state, new Date(at + i * 10_000), 10, rng, 1);
      state = step.state;
      readings.push(step.reading);
      const r = step.reading;
      expect(r.pvW + r.gridW + r.batteryW).toBe(r.loadW + r.evW);
    }
    // First step: no measurement yet, nothing to follow; then 5000 W surplus = 7 A on three phases.
    expect(readings[0].evW).toBe(0);
    expect(readings[2].evW).toBe(7 * 3 * 230);
    expect(readings[3].gridW).toBeLessThanOrEqual(0); // never imports to charge in solar mode

    // A cloud: the import it causes counts against the surplus, so the charger steps down at once.
    state = { ...state, overrides: { sunW: 5500, loadW: 500 } };
    for (let i = 5; i <= 7; i++) state = stepPlant(config, state, new Date(at + i * 10_000), 10, rng, 1).state;
    expect(state.lastReading?.evW).toBe(7 * 3 * 230); // 5000 W / 690 W per ampere
    expect(state.lastReading?.gridW).toBeLessThanOrEqual(0);
  });
});

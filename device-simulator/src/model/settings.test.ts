// The writable keys obeyed physically: each one changes the flows the way a real inverter would, and
// power stays conserved at every step (PV + grid + battery = load + EV).
import { seededRandom } from '../random';
import { initialPlantState, stepPlant, type PlantReading, type PlantState, type SimPlantConfig } from './plant';
import { toReported } from './reported';
import { applyDelta } from './settings';

const PLANT: SimPlantConfig = { thingName: 'rc', latitude: 49.2, longitude: 16.6, timezone: 'Europe/Prague', pvPeakKw: 10, batteryKwh: 10 };
const SUMMER_NOON = '2024-06-21T09:00:00Z';
const NIGHT = '2024-06-21T21:00:00Z';

/** Steps the plant minute by minute for `minutes` from `startIso`; every reading is checked for balance. */
function run(state: PlantState, startIso: string, minutes: number) {
  const rng = seededRandom(5);
  const readings: { reading: PlantReading; state: PlantState }[] = [];
  const start = Date.parse(startIso);
  for (let m = 1; m <= minutes; m++) {
    const step = stepPlant(PLANT, state, new Date(start + m * 60_000), 60, rng, 7);
    state = step.state;
    readings.push({ reading: step.reading, state });
  }
  const unbalanced = readings.filter(({ reading: r }) => r.pvW + r.gridW + r.batteryW !== r.loadW + r.evW);
  expect(unbalanced).toEqual([]);
  return { readings, state };
}

const withDelta = (delta: Record<string, unknown>, base: Partial<PlantState> = {}) =>
  applyDelta({ ...initialPlantState(PLANT), ...base }, delta, true);

describe('the battery and grid settings in the plant model', () => {
  it('curtails PV so the export never passes the export limit', () => {
    const state = withDelta({ ExportLimit: 500, OperMode: 'idle' });
    const { readings } = run(state, SUMMER_NOON, 60);
    expect(Math.min(...readings.map(({ reading }) => reading.gridW))).toBeGreaterThanOrEqual(-500);
    expect(Math.max(...readings.map(({ reading }) => reading.curtailedW))).toBeGreaterThan(1000);
  });

  it('stops discharging at the minimum state of charge', () => {
    const state = withDelta({ BatSocMin: 60 }, { socPct: 64 });
    const { readings } = run(state, NIGHT, 180);
    expect(Math.min(...readings.map(({ state: s }) => s.socPct))).toBeGreaterThanOrEqual(60);
    const last = readings.at(-1)!;
    expect(last.reading.batteryW).toBe(0);
    expect(last.reading.gridW).toBe(last.reading.loadW + last.reading.evW - last.reading.pvW);
  });

  it('caps charge and discharge at the powers set', () => {
    const day = run(withDelta({ BatChargeMax: 800 }, { socPct: 30 }), SUMMER_NOON, 60).readings;
    expect(Math.min(...day.map(({ reading }) => reading.batteryW))).toBe(-800);
    const night = run(withDelta({ BatDischargeMax: 150 }, { socPct: 80 }), NIGHT, 60).readings;
    expect(Math.max(...night.map(({ reading }) => reading.batteryW))).toBe(150);
  });

  it('charges from the grid to the target while a force charge runs, then stops', () => {
    const until = new Date(Date.parse(NIGHT) + 4 * 3_600_000).toISOString();
    const state = withDelta({ ForceCharge: { targetSoc: 40, until } }, { socPct: 20 });
    const { readings, state: end } = run(state, NIGHT, 180);
    const first = readings[0].reading;
    expect(first.pvW).toBe(0);
    expect(first.batteryW).toBe(-5000);
    expect(first.gridW).toBe(first.loadW + first.evW + 5000); // the grid carries the house and the charge
    expect(end.socPct).toBeGreaterThanOrEqual(39.9);
    expect(end.socPct).toBeLessThanOrEqual(40.001);
    expect(readings.at(-1)!.reading.batteryW).toBeGreaterThanOrEqual(0);
  });

  it('does nothing for a force charge whose end has passed', () => {
    const state = withDelta({ ForceCharge: { targetSoc: 90, until: '2024-06-21T20:00:00Z' }, OperMode: 'idle' }, { socPct: 20 });
    expect(run(state, NIGHT, 10).readings.every(({ reading }) => reading.batteryW === 0)).toBe(true);
  });

  it('takes valid values of a delta, ignores wrong ones and battery keys on a plant without battery', () => {
    const base = initialPlantState(PLANT);
    const next = applyDelta(
      base,
      { OperMode: 'backup', ExportLimit: -5, BatSocMin: 30, BatChargeMax: 'x', ForceCharge: { targetSoc: 200, until: 'x' } },
      true,
    );
    expect(next).toMatchObject({ operMode: 'backup', exportLimitW: base.exportLimitW, battery: { ...base.battery, socMinPct: 30 } });
    expect(applyDelta(base, { BatSocMin: 30 }, false).battery.socMinPct).toBe(base.battery.socMinPct);
  });

  it('reports every setting it holds, so the shadow can confirm each', () => {
    const state = withDelta({ BatSocMin: 25, BatChargeMax: 2000, BatDischargeMax: 3000, ForceCharge: 'off' });
    const reading: PlantReading = { pvW: 0, gridW: 0, batteryW: 0, loadW: 0, evW: 0, curtailedW: 0 };
    expect(toReported(PLANT, state, reading)).toMatchObject({
      BatSocMin: 25,
      BatChargeMax: 2000,
      BatDischargeMax: 3000,
      ForceCharge: 'off',
    });
  });
});

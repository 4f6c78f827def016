import { advancePlant, MAX_STEP_MS, newPlantRun, plantHistory } from './history';
import type { SimPlantConfig } from './model/plant';

const plant: SimPlantConfig = {
  thingName: 'history-1',
  latitude: 49.2,
  longitude: 16.6,
  timezone: 'Europe/Prague',
  pvPeakKw: 9.8,
  batteryKwh: 10,
  chargerKw: 11,
};
const FROM = Date.parse('2025-06-01T00:00:00Z');
const DAY_MS = 86_400_000;

describe('plantHistory', () => {
  it('reports every five minutes of a day, with counters that only grow and powers that balance', () => {
    const reports = [...plantHistory(newPlantRun(plant), FROM, FROM + DAY_MS)];
    expect(reports).toHaveLength(288);
    expect(reports[0]?.ts).toBe(FROM + MAX_STEP_MS);
    expect(reports.at(-1)?.ts).toBe(FROM + DAY_MS);
    let previous = -1;
    for (const { reported: r } of reports) {
      expect(Number(r.ActPwrPve) + Number(r.ActPwrGrid) + Number(r.ActPwrBat)).toBe(Number(r.ActPwrLoad) + Number(r.ActPwrEv));
      expect(Number(r.EnergyLoadTotal)).toBeGreaterThanOrEqual(previous);
      previous = Number(r.EnergyLoadTotal);
    }
    const noon = reports.find((r) => r.ts === Date.parse('2025-06-01T11:00:00Z'));
    const midnight = reports.find((r) => r.ts === Date.parse('2025-06-01T23:00:00Z'));
    expect(Number(noon?.reported.ActPwrPve)).toBeGreaterThan(1000);
    expect(midnight?.reported.ActPwrPve).toBe(0);
  });

  it('is the same history every time for the same plant', () => {
    const once = [...plantHistory(newPlantRun(plant), FROM, FROM + 6 * 3_600_000)];
    const again = [...plantHistory(newPlantRun(plant), FROM, FROM + 6 * 3_600_000)];
    expect(again).toEqual(once);
  });
});

describe('advancePlant', () => {
  it('steps a long span in steps of at most five minutes, as history does', () => {
    const atOnce = newPlantRun(plant);
    advancePlant(atOnce, FROM, FROM + 2 * 3_600_000);
    const stepwise = newPlantRun(plant);
    for (const _ of plantHistory(stepwise, FROM, FROM + 2 * 3_600_000));
    expect(atOnce.state).toEqual(stepwise.state);
    // two hours of house load at a few hundred watts, not one five-minute step of it
    expect(atOnce.state.counters.loadKwh).toBeGreaterThan(0.2);
  });
});

import type { EvPlan, EvSession } from '@helio/contracts';
import type { ChargerView } from '@helio/contracts';
import { filterSessions, fleetCsv, fleetFileName, monthChartRanges, planColumns, planSlotsValue, sessionsCsv } from './ev-data';

const plan: EvPlan = {
  deviceId: 'd1',
  chargerId: 'c1',
  neededKwh: 3,
  plannedKwh: 3,
  reachable: true,
  shortfallKwh: 0,
  expectedFinish: '2026-06-01T10:30:00.000Z',
  expectedCostCzk: 2,
  solarKwh: 1,
  chargerW: 11_000,
  forecastIssuedAt: null,
  slots: [{ start: '2026-06-01T10:00:00.000Z', end: '2026-06-01T10:30:00.000Z', energyKwh: 3 }],
  steps: [
    { start: '2026-06-01T10:00:00.000Z', surplusW: 2000, priceCzkKwh: 1.5, plannedW: 6000 },
    { start: '2026-06-01T10:15:00.000Z', surplusW: 0, priceCzkKwh: null, plannedW: 6000 },
  ],
};

const session = (over: Partial<EvSession>): EvSession => ({
  start: '2026-06-01T10:00:00.000Z',
  end: '2026-06-01T12:00:00.000Z',
  energyKwh: 10,
  solarKwh: 8,
  solarSharePct: 80,
  costCzk: 5,
  avgPriceCzkKwh: 0.5,
  priceSource: 'spot',
  ...over,
});

describe('ev data', () => {
  it('plan columns hold time in seconds, price, surplus and planned power in kW', () => {
    expect(planColumns(plan)).toEqual([
      [Date.parse('2026-06-01T10:00:00Z') / 1000, Date.parse('2026-06-01T10:15:00Z') / 1000],
      [1.5, null],
      [2, 0],
      [6, 6],
    ]);
  });

  it('plan slots become the charger’s desired slot pairs in epoch ms', () => {
    expect(planSlotsValue(plan)).toEqual([[Date.parse('2026-06-01T10:00:00Z'), Date.parse('2026-06-01T10:30:00Z')]]);
  });

  it('filters sessions by solar share and by finished, and exports them as CSV', () => {
    const sessions = [session({}), session({ solarSharePct: 20 }), session({ end: null })];
    expect(filterSessions(sessions, { minSolarPct: 50, finishedOnly: true })).toHaveLength(1);
    expect(filterSessions(sessions, { minSolarPct: 0, finishedOnly: false })).toHaveLength(3);
    const csv = sessionsCsv([session({ end: null, costCzk: null })], 'Europe/Prague');
    expect(csv.split('\r\n')[1]).toBe('2026-06-01T12:00:00+02:00,,10,8,80,,0.5,spot');
  });
});

describe('the month chart', () => {
  it('puts a single month in the middle of a padded axis, energy from zero', () => {
    expect(monthChartRanges(1, 12)).toEqual({ x: [-0.5, 0.5], y: [0, 12 * 1.1] });
    expect(monthChartRanges(3, 0)).toEqual({ x: [-0.5, 2.5], y: [0, 1] });
  });
});

describe('the fleet’s chargers as CSV', () => {
  const charger = { plantName: '=Brno', name: 'Wallbox', connected: true, powerW: 4140.4, mode: 'solar', todayKwh: 7.50049 };
  const view = { ...charger, timezone: 'Europe/Prague', reportedAt: '2026-11-27T23:30:00.000Z' } as unknown as ChargerView;

  it('writes values at their precision, the last report in the plant’s clock, a formula-leading name neutralised', () => {
    expect(fleetCsv([view]).split('\r\n')[1]).toBe("'=Brno,Wallbox,true,4140,solar,7.5,2026-11-28T00:30:00+01:00");
  });

  it('is named by the plant’s today', () => {
    expect(fleetFileName([view], Date.parse('2026-11-27T23:30:00.000Z'))).toBe('ev-chargers_2026-11-28.csv');
  });

  it('is named by every day it holds: chargers of plants in two time zones across midnight span two days, in either order', () => {
    const lisbon = { ...view, timezone: 'Europe/Lisbon' } as ChargerView;
    const justAfterPragueMidnight = Date.parse('2026-11-27T23:30:00.000Z');
    expect(fleetFileName([lisbon, view], justAfterPragueMidnight)).toBe('ev-chargers_2026-11-27_2026-11-28.csv');
    expect(fleetFileName([view, lisbon], justAfterPragueMidnight)).toBe('ev-chargers_2026-11-27_2026-11-28.csv');
    expect(fleetFileName([lisbon], justAfterPragueMidnight)).toBe('ev-chargers_2026-11-27.csv');
  });
});

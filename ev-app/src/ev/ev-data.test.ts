import type { EvPlan, EvSession } from '@helio/contracts';
import { filterSessions, monthChartRanges, planColumns, planSlotsValue, sessionsCsv } from './ev-data';

const plan: EvPlan = {
  deviceId: 'd1',
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

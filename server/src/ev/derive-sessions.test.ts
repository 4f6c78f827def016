import { deriveSessions, type Sample, type SessionHistory } from './derive-sessions';

const MIN = 60_000;
const T0 = Date.UTC(2025, 5, 2, 8);
/** A series sampled every 5 minutes from T0 with one value per step. */
const series = (values: number[]): Sample[] => values.map((value, i) => ({ ts: T0 + i * 5 * MIN, value }));
/** The counter a charger keeps for the given powers (kWh), starting at 100 kWh. */
function counterOf(power: number[]): Sample[] {
  let kwh = 100;
  return power.map((w, i) => {
    if (i > 0) kwh += (w * 5) / 60 / 1000;
    return { ts: T0 + i * 5 * MIN, value: kwh };
  });
}

const noPrices = { tariffCzkKwh: null, spot: [] };

describe('deriveSessions', () => {
  it('a plugged session: start and end from EvConnected, energy from the counter, solar share from the import', () => {
    const power = [0, 0, 6000, 6000, 6000, 6000, 0, 0, 0];
    const plugged = [0, 1, 1, 1, 1, 1, 1, 0, 0];
    // Half of the charging power comes from the grid in the last two charging steps.
    const grid = [500, 500, -100, -100, 3000, 3000, 500, 500, 500];
    const history: SessionHistory = { power: series(power), grid: series(grid), connected: series(plugged), energy: counterOf(power) };
    const sessions = deriveSessions(history, { tariffCzkKwh: 4, spot: [] }, T0 + 60 * MIN);
    expect(sessions).toHaveLength(1);
    const [s] = sessions;
    expect(s.start).toBe(T0 + 5 * MIN);
    expect(s.end).toBe(T0 + 35 * MIN);
    expect(s.energyKwh).toBeCloseTo(2, 3); // 4 steps × 6 kW × 5 min
    expect(s.solarSharePct).toBeCloseTo(75, 1); // 2 of 4 steps half from the grid
    expect(s.solarKwh).toBeCloseTo(1.5, 3);
    expect(s.costCzk).toBeCloseTo(0.5 * 4, 2);
    expect(s.avgPriceCzkKwh).toBeCloseTo(1, 3);
    expect(s.priceSource).toBe('tariff');
  });

  it('older history without EvConnected: a run of charging, a short solar pause in it does not split it', () => {
    const power = [0, 3000, 3000, 0, 0, 3000, 0, 0, 0, 0, 0, 0, 0, 0, 3000, 0];
    const history: SessionHistory = { power: series(power), grid: series(power.map(() => -1000)), connected: [], energy: [] };
    const sessions = deriveSessions(history, noPrices, T0 + 10 * 3_600_000);
    // Pause of 15 min joins; pause of 45 min starts a new session.
    expect(sessions).toHaveLength(2);
    expect(sessions[0].start).toBe(T0);
    expect(sessions[0].end).toBe(T0 + 25 * MIN);
    expect(sessions[0].energyKwh).toBeCloseTo(0.75, 3);
    expect(sessions[0].solarSharePct).toBe(100);
    expect(sessions[0].costCzk).toBe(0); // nothing from the grid: free, even without a price
    expect(sessions[1].energyKwh).toBeCloseTo(0.25, 3);
  });

  it('prices grid energy at the spot price of its period; no price known: no cost', () => {
    const power = [0, 4000, 4000, 0];
    const base = { power: series(power), grid: series([0, 4000, 4000, 0]), connected: [], energy: [] };
    const spot = [
      { start: T0, end: T0 + 5 * MIN, czkKwh: 2 },
      { start: T0 + 5 * MIN, end: T0 + 60 * MIN, czkKwh: 3 },
    ];
    const [priced] = deriveSessions(base, { tariffCzkKwh: null, spot }, T0 + 3_600_000);
    expect(priced.costCzk).toBeCloseTo(((4 * 5) / 60) * 2 + ((4 * 5) / 60) * 3, 2);
    expect(priced.priceSource).toBe('spot');
    const [unpriced] = deriveSessions(base, noPrices, T0 + 3_600_000);
    expect(unpriced.costCzk).toBeNull();
    expect(unpriced.avgPriceCzkKwh).toBeNull();
  });

  it('a car still plugged in at the last report is a running session (no end)', () => {
    const power = [0, 7000, 7000];
    const history = { power: series(power), grid: series([0, 0, 0]), connected: series([1, 1, 1]), energy: counterOf(power) };
    const [s] = deriveSessions(history, noPrices, T0 + 12 * MIN);
    expect(s.end).toBeNull();
    expect(s.energyKwh).toBeCloseTo((7 * 10) / 60, 3);
  });
});

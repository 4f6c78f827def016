import { counterEnergy, energyBalance } from './energy-balance';

const row = (metricKey: string, min: number, max: number) => ({ metricKey, min, max });

describe('the energy balance', () => {
  it('takes each counter’s energy as max - min and sums buckets', () => {
    expect(
      counterEnergy([
        row('EnergyPveTotal', 100, 112.5),
        row('EnergyPveTotal', 112.5, 113),
        row('EnergyLoadTotal', 50, 58),
        row('ActPwrPve', 0, 4000),
      ]),
    ).toEqual({ EnergyPveTotal: 13, EnergyLoadTotal: 8 });
  });

  it('computes self-consumption, autarky and their percentages', () => {
    const balance = energyBalance({
      EnergyPveTotal: 20,
      EnergyGridExportTotal: 5,
      EnergyGridImportTotal: 3,
      EnergyLoadTotal: 14,
      EnergyEvTotal: 1,
    });
    expect(balance).toMatchObject({ produced: 20, consumed: 15, selfConsumed: 15, imported: 3, exported: 5 });
    expect(balance.selfConsumptionPct).toBeCloseTo(75);
    expect(balance.autarkyPct).toBeCloseTo(80);
  });

  it('is zero-safe: nothing produced or consumed gives no percentage, not NaN', () => {
    const balance = energyBalance({});
    expect(balance).toMatchObject({ produced: 0, consumed: 0, selfConsumed: 0, selfConsumptionPct: null, autarkyPct: null });
  });

  it('clamps to 0–100 and never reports negative self-consumption', () => {
    // the battery exported more than the sun produced, and imports exceeded the (meter-lagging) load
    const balance = energyBalance({ EnergyPveTotal: 2, EnergyGridExportTotal: 3, EnergyGridImportTotal: 10, EnergyLoadTotal: 8 });
    expect(balance.selfConsumed).toBe(0);
    expect(balance.selfConsumptionPct).toBe(0);
    expect(balance.autarkyPct).toBe(0);
    expect(energyBalance({ EnergyPveTotal: 5, EnergyLoadTotal: 4, EnergyGridImportTotal: 0 }).autarkyPct).toBe(100);
  });
});

// The solar part and cost of an OCPP session's energy (the meter register's), from the charger's own
// power samples beside the plant's grid: imports count against the car first, only grid energy costs.
import { sessionFigures } from './charger-sessions';

const MIN = 60_000;
const t0 = Date.parse('2026-11-28T10:00:00Z');
const at = (minutes: number) => t0 + minutes * MIN;
const spot = [
  { start: t0, end: at(60), czkKwh: 2 },
  { start: at(60), end: at(120), czkKwh: 4 },
];

/** A sample every 5 minutes for two hours (more than 15 minutes apart would be no data). */
const every5 = (value: (minute: number) => number) =>
  Array.from({ length: 24 }, (_, i) => ({ ts: at(5 * (i + 1)), value: value(5 * (i + 1)) }));

describe('sessionFigures', () => {
  it('counts an all-solar session free, and a grid stretch at its hour’s spot price, shared over the register’s energy', () => {
    const solarOnly = sessionFigures(
      { start: at(0), end: at(60), energyKwh: 11 },
      every5(() => 11_000).slice(0, 12),
      every5(() => -2000).slice(0, 12),
      { tariffCzkKwh: null, spot },
    );
    expect(solarOnly).toEqual({ solarKwh: 11, costCzk: 0, priceSource: 'spot' });
    // The first hour exported, the second 5.5 kW imported of the car's 11 kW.
    const both = sessionFigures(
      { start: at(0), end: at(120), energyKwh: 20 },
      every5(() => 11_000),
      every5((minute) => (minute <= 60 ? -2000 : 5500)),
      { tariffCzkKwh: null, spot },
    );
    // 5.5 of the 22 kWh the power samples make came from the grid in the second hour (4 CZK/kWh):
    // a quarter of the register's 20 kWh, 5 kWh at 4 CZK.
    expect(both).toEqual({ solarKwh: 15, costCzk: 20, priceSource: 'spot' });
  });

  it('prices at the plant’s tariff when it has one, and counts energy without power samples as grid', () => {
    expect(sessionFigures({ start: at(0), end: at(30), energyKwh: 3 }, [], [], { tariffCzkKwh: 5, spot: [] })).toEqual({
      solarKwh: 0,
      costCzk: 15,
      priceSource: 'tariff',
    });
    expect(sessionFigures({ start: at(200), end: at(230), energyKwh: 3 }, [], [], { tariffCzkKwh: null, spot })).toEqual({
      solarKwh: 0,
      costCzk: null,
      priceSource: null,
    });
  });
});

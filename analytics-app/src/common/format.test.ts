import { formatEnergy, formatKg, formatKwh, formatMoney, formatPct, formatSpecificYield } from './format';

// The shared-utils mock formats in cs-CZ, the interface's default.
describe('analytics figures in the Czech locale', () => {
  it('writes energy as the statistics page does, and large energies in MWh', () => {
    expect(formatKwh(12.345)).toBe('12,35\u00a0kWh');
    expect(formatKwh(1234.5)).toBe('1\u00a0235\u00a0kWh');
    expect(formatEnergy(250_000)).toBe('250\u00a0MWh');
  });

  it('writes percentages, specific yield and CO₂, with a dash where there is no value', () => {
    expect(formatPct(87.25)).toBe('87,3\u00a0%');
    expect(formatPct(null)).toBe('–');
    expect(formatSpecificYield(1012.4)).toBe('1\u00a0012,4\u00a0kWh/kWp');
    expect(formatKg(950)).toBe('950\u00a0kg');
    expect(formatKg(12_500)).toBe('12,5\u00a0t');
  });

  it('writes money in its currency', () => {
    expect(formatMoney(1234, 'CZK')).toBe('1\u00a0234\u00a0Kč');
  });
});

import {
  formatDateTimeIn,
  formatMoneyIn,
  formatNumberIn,
  formatPowerIn,
  formatPricePerKwhIn,
  localeOf,
  priceUnitIn,
} from './locale-format';

// Intl separates thousands and units with no-break spaces; compare with plain ones.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('language to locale', () => {
  it('maps cs to cs-CZ and en to en-US', () => {
    expect(localeOf('cs')).toBe('cs-CZ');
    expect(localeOf('en')).toBe('en-US');
    expect(localeOf('en-GB')).toBe('en-US');
  });

  it('gives the default language locale for anything else', () => {
    expect(localeOf('de')).toBe('cs-CZ');
    expect(localeOf('cimode')).toBe('cs-CZ');
  });
});

describe('formatPower', () => {
  it('shows watts, rounded, below 1000 W', () => {
    expect(plain(formatPowerIn('cs-CZ', 0))).toBe('0 W');
    expect(plain(formatPowerIn('cs-CZ', 999.4))).toBe('999 W');
    expect(plain(formatPowerIn('en-US', -450.6))).toBe('-451 W');
    expect(plain(formatPowerIn('cs-CZ', -0.2))).toBe('0 W');
  });

  it('shows kilowatts with one or two decimals from 1000 W', () => {
    expect(plain(formatPowerIn('cs-CZ', 999.6))).toBe('1,0 kW');
    expect(plain(formatPowerIn('cs-CZ', 1000))).toBe('1,0 kW');
    expect(plain(formatPowerIn('cs-CZ', 3456))).toBe('3,46 kW');
    expect(plain(formatPowerIn('en-US', 3450))).toBe('3.45 kW');
    expect(plain(formatPowerIn('en-US', 12500))).toBe('12.5 kW');
    expect(plain(formatPowerIn('cs-CZ', -2000))).toBe('-2,0 kW');
    expect(plain(formatPowerIn('en-US', 1234567))).toBe('1,234.57 kW');
  });

  it('keeps the number and its unit together', () => {
    expect(formatPowerIn('cs-CZ', 3456)).toMatch(/\d\u00a0kW$/);
  });
});

describe('formatNumber and formatDateTime', () => {
  it('follow the locale', () => {
    expect(plain(formatNumberIn('cs-CZ', 1234.5))).toBe('1 234,5');
    expect(formatNumberIn('en-US', 1234.5)).toBe('1,234.5');
    const noon = new Date(2025, 5, 30, 12, 5, 9);
    expect(plain(formatDateTimeIn('cs-CZ', noon))).toBe('30.06.25 12:05:09');
    expect(plain(formatDateTimeIn('en-US', noon))).toBe('6/30/25, 12:05:09 PM');
    expect(formatDateTimeIn('en-US', noon, { year: 'numeric' })).toBe('2025');
  });
});

describe('formatters made once per locale and options', () => {
  it('keeps each locale and options pair apart', () => {
    for (let i = 0; i < 2; i++) {
      expect(formatNumberIn('cs-CZ', 1.2345, { maximumFractionDigits: 1 })).toBe('1,2');
      expect(formatNumberIn('cs-CZ', 1.2345, { maximumFractionDigits: 2 })).toBe('1,23');
      expect(formatNumberIn('en-US', 1.2345, { maximumFractionDigits: 2 })).toBe('1.23');
      expect(formatNumberIn('cs-CZ', 1.2345)).toBe('1,235');
      expect(formatDateTimeIn('en-US', Date.UTC(2026, 10, 23, 12), { timeZone: 'UTC', dateStyle: 'short' })).toBe('11/23/26');
      expect(formatDateTimeIn('cs-CZ', Date.UTC(2026, 10, 23, 12), { timeZone: 'UTC', dateStyle: 'short' })).toBe('23.11.26');
    }
  });
});

describe('money and energy prices', () => {
  it('writes an amount in its currency as the locale does', () => {
    expect(plain(formatMoneyIn('cs-CZ', 1234.5, 'CZK'))).toBe('1 234,50 Kč');
    expect(plain(formatMoneyIn('en-US', 1234.5, 'CZK'))).toBe('CZK 1,234.50');
    expect(plain(formatMoneyIn('en-US', 1234.5, 'EUR'))).toBe('€1,234.50');
  });

  it('names the price unit in the language: Kč/kWh in Czech, CZK/kWh in English', () => {
    expect(priceUnitIn('cs-CZ', 'CZK')).toBe('Kč/kWh');
    expect(priceUnitIn('en-US', 'CZK')).toBe('CZK/kWh');
    expect(priceUnitIn('cs-CZ', 'EUR')).toBe('€/kWh');
  });

  it('writes a kWh price with two decimals and its unit kept to the number', () => {
    expect(formatPricePerKwhIn('cs-CZ', 4.25, 'CZK')).toBe('4,25\u00a0Kč/kWh');
    expect(formatPricePerKwhIn('en-US', 4.25, 'CZK')).toBe('4.25\u00a0CZK/kWh');
    expect(formatPricePerKwhIn('cs-CZ', 1.2345, 'CZK', { maximumFractionDigits: 3 })).toBe('1,235\u00a0Kč/kWh');
  });
});

// /rc writes a setting's value and limits as every other page does (the shared helpers): the number in
// the interface's locale and a no-break space before its unit, so "6 860 W" never breaks across lines.
import i18next from 'i18next';
import { i18n } from '@helio/shared-utils';
import { formatLimits, formatValue } from './value-format';

describe('a setting’s value and limits on /rc', () => {
  const t = i18next.createInstance().t;

  beforeAll(async () => {
    await i18n.changeLanguage('cs');
  });

  it('puts a no-break space between the number and its unit, in Czech number format', () => {
    expect(formatValue(t, { kind: 'integer', unit: 'W', min: 0, max: 100_000, battery: false }, 6860)).toBe('6\u00a0860\u00a0W');
    expect(formatLimits({ kind: 'integer', unit: 'W', min: 0, max: 100_000, battery: false })).toBe('0–100\u00a0000\u00a0W');
    expect(formatLimits({ kind: 'integer', unit: '%', min: 10, max: 90, battery: true })).toBe('10–90\u00a0%');
    expect(formatLimits({ kind: 'forceCharge', targetSoc: { min: 11, max: 100 }, battery: true })).toBe('11–100\u00a0%');
  });
});

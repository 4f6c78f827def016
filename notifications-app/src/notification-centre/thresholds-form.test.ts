import { parseNumber, validateThresholds } from './thresholds-form';

describe('the thresholds form', () => {
  it('reads numbers with a decimal comma or point', () => {
    expect(parseNumber('12,5')).toBe(12.5);
    expect(parseNumber(' 30 ')).toBe(30);
    expect(parseNumber('12a')).toBeNaN();
  });

  it('accepts values inside the limits, the limits included', () => {
    expect(validateThresholds({ batterySocMin: '0', pvMinPercent: '1' })).toEqual({});
    expect(validateThresholds({ batterySocMin: '100', pvMinPercent: '90' })).toEqual({});
  });

  it('requires both values and keeps them inside 0–100 % and 1–90 %', () => {
    expect(validateThresholds({ batterySocMin: '', pvMinPercent: '0' })).toEqual({
      batterySocMin: 'fieldRequired',
      pvMinPercent: 'outOfRange',
    });
    expect(validateThresholds({ batterySocMin: '101', pvMinPercent: 'x' })).toEqual({
      batterySocMin: 'outOfRange',
      pvMinPercent: 'outOfRange',
    });
  });
});

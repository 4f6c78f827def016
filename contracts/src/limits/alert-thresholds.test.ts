import { parseThresholdNumber, validateThresholds } from './alert-thresholds';

describe('alert thresholds as typed', () => {
  it('reads a decimal comma or point, and nothing else', () => {
    expect(parseThresholdNumber(' 12,5 ')).toBe(12.5);
    expect(parseThresholdNumber('7.25')).toBe(7.25);
    expect(parseThresholdNumber('12 %')).toBeNaN();
    expect(parseThresholdNumber('')).toBeNaN();
  });

  it('names a missing field and one outside its limits, per field', () => {
    expect(validateThresholds({ batterySocMin: '20', pvMinPercent: '10' })).toEqual({});
    expect(validateThresholds({ batterySocMin: ' ', pvMinPercent: '0' })).toEqual({
      batterySocMin: 'fieldRequired',
      pvMinPercent: 'outOfRange',
    });
    expect(validateThresholds({ batterySocMin: '100,5', pvMinPercent: '90' })).toEqual({ batterySocMin: 'outOfRange' });
    expect(validateThresholds({ batterySocMin: 'abc', pvMinPercent: '1' })).toEqual({ batterySocMin: 'outOfRange' });
  });
});

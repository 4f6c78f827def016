import { allowedGranularities, bucketCount, defaultGranularity, granularityFor, MAX_BUCKETS, RANGE_PRESETS, rangeOf } from './time-range';

describe('metric log ranges and granularities', () => {
  it('ends every preset now and starts it the preset length before', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(rangeOf('day', now)).toEqual({ start: new Date('2026-06-14T12:00:00Z'), end: now });
    expect(rangeOf('week', now).start).toEqual(new Date('2026-06-08T12:00:00Z'));
    expect(rangeOf('year', now).start).toEqual(new Date('2025-06-15T12:00:00Z'));
  });

  it('never offers a granularity the API would refuse for having more than 10,000 buckets', () => {
    for (const preset of RANGE_PRESETS) {
      const range = rangeOf(preset, new Date('2026-06-15T12:00:00Z'));
      for (const g of allowedGranularities(preset)) expect(bucketCount(range, g)).toBeLessThanOrEqual(MAX_BUCKETS);
    }
    expect(allowedGranularities('day')).toEqual(['1m', '15m', '1h', '1d']);
    expect(allowedGranularities('week')).toEqual(['15m', '1h', '1d']); // 10,080 minutes is too many
    expect(allowedGranularities('year')).toEqual(['1h', '1d', '1M']);
  });

  it('defaults to a readable granularity that each range allows', () => {
    for (const preset of RANGE_PRESETS) expect(allowedGranularities(preset)).toContain(defaultGranularity(preset));
  });

  it('keeps the chosen granularity when the new range allows it, else falls back to the default', () => {
    expect(granularityFor('week', '1d')).toBe('1d');
    expect(granularityFor('week', '1m')).toBe('1h');
    expect(granularityFor('year', '15m')).toBe('1d');
  });
});

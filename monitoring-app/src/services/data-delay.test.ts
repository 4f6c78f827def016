import type { Shadow } from '@helio/shared-utils';
import { delayLevel, delayParts, newestReport } from './data-delay';

const shadowWith = (stamps: number[]): Shadow => ({
  state: { reported: {}, desired: {}, delta: {} },
  metadata: { desired: {}, reported: Object.fromEntries(stamps.map((timestamp, i) => [`k${i}`, { timestamp }])) },
  version: 1,
  timestamp: 0,
  hasDelta: false,
});

describe('the data delay of a plant', () => {
  it('takes the newest of the reported values', () => {
    expect(newestReport(shadowWith([1_000, 5_000, 3_000]))).toBe(5_000);
    expect(newestReport(shadowWith([]))).toBeNull();
    expect(newestReport(undefined)).toBeNull();
  });

  it('finds the newest time inside an object value, which has a time per nested key', () => {
    const shadow = shadowWith([1_000]);
    shadow.metadata.reported = {
      ...shadow.metadata.reported,
      PvStrings: { '1': { DCW: { timestamp: 7_000 } } },
    } as unknown as Shadow['metadata']['reported'];
    expect(newestReport(shadow)).toBe(7_000);
  });

  it('is live up to 60 s, stale up to 5 minutes and offline beyond, or when the broker says the gateway left', () => {
    const now = 1_000_000;
    expect(delayLevel(now - 60_000, now, true)).toBe('live');
    expect(delayLevel(now - 60_001, now, true)).toBe('stale');
    expect(delayLevel(now - 300_000, now, null)).toBe('stale');
    expect(delayLevel(now - 300_001, now, true)).toBe('offline');
    expect(delayLevel(now - 1_000, now, false)).toBe('offline');
    expect(delayLevel(null, now, true)).toBe('never');
  });
});

describe('a delay as people read it', () => {
  it('uses seconds up to two minutes, then minutes, hours and days', () => {
    expect(delayParts(12_400)).toEqual({ value: 12, unit: 'second' });
    expect(delayParts(119_000)).toEqual({ value: 119, unit: 'second' });
    expect(delayParts(185_000)).toEqual({ value: 3, unit: 'minute' });
    expect(delayParts(3 * 3600_000)).toEqual({ value: 3, unit: 'hour' });
    expect(delayParts(3 * 86_400_000)).toEqual({ value: 3, unit: 'day' });
  });
});

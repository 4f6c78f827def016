import type { ReleaseModuleView } from '@helio/contracts';
import { canaryVerdict, errorRate } from './release-rates';

const release = (name: string, loads: number, errors: number) => ({
  name,
  version: '0.1.0',
  source: 'cli',
  createdAt: '2026-01-01T00:00:00Z',
  createdBy: null,
  loads,
  errors,
  lastError: null,
});

const moduleWith = (loads: number, errors: number): Pick<ReleaseModuleView, 'canary' | 'minLoads' | 'maxErrorRate' | 'releases'> => ({
  canary: '0.1.0-cccccccc',
  minLoads: 10,
  maxErrorRate: 0.1,
  releases: [release('0.1.0-cccccccc', loads, errors), release('0.1.0-ssssssss', 500, 0)],
});

describe('release error rates', () => {
  it('is errors per load, and nothing without loads', () => {
    expect(errorRate({ loads: 8, errors: 2 })).toBe(0.25);
    expect(errorRate({ loads: 0, errors: 0 })).toBeNull();
  });

  it('judges a canary only from its minimum of loads, failing above its threshold', () => {
    expect(canaryVerdict(moduleWith(9, 9))).toBe('waiting');
    expect(canaryVerdict(moduleWith(10, 1))).toBe('healthy');
    expect(canaryVerdict(moduleWith(10, 2))).toBe('failing');
    expect(canaryVerdict({ ...moduleWith(10, 2), canary: null })).toBeNull();
  });

  it('waits for the server’s minimum of users even when the canary names fewer', () => {
    const few = { ...moduleWith(2, 2), minLoads: 1 };
    expect(canaryVerdict(few)).toBe('waiting');
    expect(canaryVerdict({ ...moduleWith(3, 2), minLoads: 1 })).toBe('failing');
  });
});

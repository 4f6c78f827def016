import type { Shadow } from '../api/endpoints';
import { deviceLiveValues } from './device-live';

const NOW = Date.parse('2026-06-15T12:00:00Z');

const shadow = (reported: Record<string, unknown>, stamps: Record<string, number>): Shadow => ({
  state: { reported, desired: {}, delta: {} },
  metadata: { desired: {}, reported: Object.fromEntries(Object.entries(stamps).map(([key, timestamp]) => [key, { timestamp }])) },
  version: 3,
  timestamp: NOW,
  hasDelta: false,
});

describe("a device's live values", () => {
  it('takes each named key from the reported state with its report time, in the order named', () => {
    const values = deviceLiveValues(
      ['BatSoc', 'ActPwrBat'],
      shadow({ ActPwrBat: -1200, BatSoc: 64.5 }, { ActPwrBat: NOW - 5_000, BatSoc: NOW - 5_000 }),
      NOW,
    );
    expect(values).toEqual([
      { key: 'BatSoc', value: 64.5, reportedAt: NOW - 5_000, stale: false },
      { key: 'ActPwrBat', value: -1200, reportedAt: NOW - 5_000, stale: false },
    ]);
  });

  it('marks a value reported more than 60 s ago as stale, and one exactly 60 s old as fresh', () => {
    const values = deviceLiveValues(['A', 'B'], shadow({ A: 1, B: 2 }, { A: NOW - 60_001, B: NOW - 60_000 }), NOW);
    expect(values.map((v) => v.stale)).toEqual([true, false]);
  });

  it('gives null for a key never reported, a nested object, or no shadow at all', () => {
    expect(
      deviceLiveValues(['EvConnected', 'Nested', 'Missing'], shadow({ EvConnected: true, Nested: { a: 1 } }, { EvConnected: NOW }), NOW),
    ).toEqual([
      { key: 'EvConnected', value: true, reportedAt: NOW, stale: false },
      { key: 'Nested', value: null, reportedAt: null, stale: false },
      { key: 'Missing', value: null, reportedAt: null, stale: false },
    ]);
    expect(deviceLiveValues(['BatSoc'], undefined, NOW)).toEqual([{ key: 'BatSoc', value: null, reportedAt: null, stale: false }]);
  });
});

import { changedMeanwhile, conflictCurrent } from './conflict';

describe('what changed meanwhile', () => {
  it('lists each key whose desired or reported value is not what the user saw', () => {
    const seen = { desired: { ExportLimit: 5000 }, reported: { ExportLimit: 5000, OperMode: 'idle' } };
    const now = { desired: { ExportLimit: 3000 }, reported: { ExportLimit: 5000, OperMode: 'backup' } };
    expect(changedMeanwhile(['ExportLimit', 'OperMode', 'BatSocMin'], seen, now)).toEqual([
      { key: 'ExportLimit', section: 'desired', before: 5000, now: 3000 },
      { key: 'OperMode', section: 'reported', before: 'idle', now: 'backup' },
    ]);
  });

  it('reads the server’s 409 details, and nothing from anything else', () => {
    expect(conflictCurrent({ currentVersion: 7, current: { desired: {}, reported: { OperMode: 'idle' } } })).toEqual({
      version: 7,
      current: { desired: {}, reported: { OperMode: 'idle' } },
    });
    expect(conflictCurrent({ currentVersion: 7 })).toBeNull();
    expect(conflictCurrent(undefined)).toBeNull();
  });
});

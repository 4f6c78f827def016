import { OPER_MODES } from '@helio/contracts';
import type { StorageControl } from '../drivers/readings';
import { operModeOf, STORAGE_WRITES } from './storage-modes';

/** What a battery's registers hold after the writes of a mode, from a given start. */
function afterWrites(start: StorageControl, writes: ReadonlyArray<[string, number]>): StorageControl {
  const next = { ...start };
  for (const [point, value] of writes) {
    if (point === 'StorCtl_Mod') next.modeBits = value;
    if (point === 'InWRte') next.inRatePct = value;
    if (point === 'OutWRte') next.outRatePct = value;
    if (point === 'ChaGriSet') next.gridCharging = value === 1;
  }
  return next;
}

describe('operating modes on SunSpec storage controls', () => {
  it('reads back every mode from the registers its writes leave, whatever mode came before', () => {
    const starts: StorageControl[] = [{ modeBits: 0, inRatePct: 100, outRatePct: 100, gridCharging: false }];
    for (const from of OPER_MODES) starts.push(afterWrites(starts[0]!, STORAGE_WRITES[from]));
    for (const start of starts) {
      for (const mode of OPER_MODES) expect(operModeOf(afterWrites(start, STORAGE_WRITES[mode]))).toBe(mode);
    }
  });

  it('names no mode for a setting made on the device that no Helio mode makes', () => {
    expect(operModeOf({ modeBits: 1, inRatePct: 50, outRatePct: 100 })).toBeUndefined();
    expect(operModeOf({ modeBits: 3, inRatePct: 40, outRatePct: 60 })).toBeUndefined();
  });
});

// Helio's operating modes on SunSpec storage controls (model 124): what to write for each, and which
// mode a battery's registers say it is in (what the gateway reports: the mode read back, not the one
// asked for). StorCtl_Mod's bits put the charge (1) and discharge (2) limits in force; InWRte and
// OutWRte are those limits in % of the maximum rate, a negative OutWRte meaning a charge.
import type { OperMode } from '@helio/contracts';
import type { StorageControl } from '../drivers/readings';

export type StoragePoint = 'StorCtl_Mod' | 'InWRte' | 'OutWRte' | 'ChaGriSet';

/** The writes for a mode, in order: the rates first, so the mode takes effect with them. */
export const STORAGE_WRITES: Record<OperMode, ReadonlyArray<[StoragePoint, number]>> = {
  // The battery's own management: no limit in force.
  'self-consumption': [
    ['ChaGriSet', 0],
    ['StorCtl_Mod', 0],
  ],
  // Keep the charge for an outage: charging from the sun allowed, no discharge.
  backup: [
    ['OutWRte', 0],
    ['ChaGriSet', 0],
    ['StorCtl_Mod', 2],
  ],
  // Charge at full rate, from the grid too.
  'force-charge': [
    ['InWRte', 100],
    ['OutWRte', -100],
    ['ChaGriSet', 1],
    ['StorCtl_Mod', 3],
  ],
  // Neither charge nor discharge.
  idle: [
    ['InWRte', 0],
    ['OutWRte', 0],
    ['ChaGriSet', 0],
    ['StorCtl_Mod', 3],
  ],
};

/** The mode the storage controls are in; undefined for a setting no Helio mode makes (set on the device itself). */
export function operModeOf(storage: StorageControl): OperMode | undefined {
  const { modeBits } = storage;
  const inRate = storage.inRatePct ?? 100;
  const outRate = storage.outRatePct ?? 100;
  if (modeBits === 0) return 'self-consumption';
  if (modeBits === 3 && outRate < 0) return 'force-charge';
  if (modeBits === 3 && inRate === 0 && outRate === 0) return 'idle';
  if ((modeBits & 2) !== 0 && outRate === 0) return 'backup';
  return undefined;
}

// The energy balance of a period from the plant's energy counters (kWh, monotonic). Self-consumed =
// produced - exported; self-consumption % = self-consumed / produced; autarky % = (consumed -
// imported) / consumed; percentages clamped to 0–100 and null where the denominator is zero
// (nothing produced / consumed), never NaN. The statistics page and the analytics server both use it.

export const ENERGY_COUNTERS = [
  'EnergyPveTotal',
  'EnergyGridImportTotal',
  'EnergyGridExportTotal',
  'EnergyBatChargeTotal',
  'EnergyBatDischargeTotal',
  'EnergyLoadTotal',
  'EnergyEvTotal',
] as const;

export type EnergyCounter = (typeof ENERGY_COUNTERS)[number];

export interface EnergyBalance {
  /** kWh; the plant's consumption is the house plus the EV charger */
  produced: number;
  consumed: number;
  selfConsumed: number;
  imported: number;
  exported: number;
  batteryCharged: number;
  batteryDischarged: number;
  /** 0–100, null when nothing was produced */
  selfConsumptionPct: number | null;
  /** 0–100, null when nothing was consumed */
  autarkyPct: number | null;
}

export function percentOf(part: number, whole: number): number | null {
  if (!(whole > 0)) return null;
  return Math.min(100, Math.max(0, (part / whole) * 100));
}

export function energyBalance(energy: Partial<Record<EnergyCounter, number>>): EnergyBalance {
  const produced = energy.EnergyPveTotal ?? 0;
  const imported = energy.EnergyGridImportTotal ?? 0;
  const exported = energy.EnergyGridExportTotal ?? 0;
  const consumed = (energy.EnergyLoadTotal ?? 0) + (energy.EnergyEvTotal ?? 0);
  // Exports can exceed production when the battery discharges into the grid; self-use is never negative.
  const selfConsumed = Math.max(0, produced - exported);
  return {
    produced,
    consumed,
    selfConsumed,
    imported,
    exported,
    batteryCharged: energy.EnergyBatChargeTotal ?? 0,
    batteryDischarged: energy.EnergyBatDischargeTotal ?? 0,
    selfConsumptionPct: percentOf(selfConsumed, produced),
    autarkyPct: percentOf(consumed - imported, consumed),
  };
}

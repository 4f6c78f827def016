// Today's energy balance from the plant's energy counters (kWh, monotonic): each counter's energy
// in a bucket is max - min. Self-consumed = produced - exported; self-consumption % = self-consumed
// / produced; autarky % = (consumed - imported) / consumed; percentages clamped to 0–100 and null
// where the denominator is zero (nothing produced / consumed), never NaN.
import type { TimeSeriesRow } from '@helio/contracts';

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

/** Energy per counter over the rows: the sum of each bucket's max - min (a counter never runs back). */
export function counterEnergy(rows: readonly Pick<TimeSeriesRow, 'metricKey' | 'min' | 'max'>[]): Partial<Record<EnergyCounter, number>> {
  const energy: Partial<Record<EnergyCounter, number>> = {};
  for (const row of rows) {
    if (!(ENERGY_COUNTERS as readonly string[]).includes(row.metricKey)) continue;
    const key = row.metricKey as EnergyCounter;
    const delta = Math.max(0, row.max - row.min);
    energy[key] = (energy[key] ?? 0) + (Number.isFinite(delta) ? delta : 0);
  }
  return energy;
}

function percent(part: number, whole: number): number | null {
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
    selfConsumptionPct: percent(selfConsumed, produced),
    autarkyPct: percent(consumed - imported, consumed),
  };
}

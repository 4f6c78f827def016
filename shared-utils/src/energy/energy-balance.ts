// Today's energy balance from the plant's energy counters: each counter's energy in a bucket is
// max - min. The balance itself (and its counters) is the contracts' rule, shared with the server.
import type { TimeSeriesRow } from '@helio/contracts';
import { ENERGY_COUNTERS, type EnergyCounter } from '@helio/contracts/limits';

export { ENERGY_COUNTERS, energyBalance } from '@helio/contracts/limits';
export type { EnergyBalance, EnergyCounter } from '@helio/contracts/limits';

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

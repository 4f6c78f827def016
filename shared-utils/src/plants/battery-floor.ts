// The battery's floor, one value for every page that shows a "minimum charge": the state of charge the
// battery stops discharging at (BatSocMin, %), as the device reports it, with the value asked for beside
// it while the device has not taken it. It is set on /rc; the plant's settings show it read-only and
// the battery alert judges by it (docs/figures.md "One minimum battery charge").
// Pure, so the apps' test mock of shared-utils uses it as it is (the hook is use-battery-floor.ts).
import type { TFunction } from 'i18next';
import type { Shadow } from '../api/endpoints';

export interface BatteryFloor {
  /** %, as the battery reports it; null: never reported. */
  reportedPct: number | null;
  /** %, asked of the battery and not yet taken; null: nothing waits. */
  requestedPct: number | null;
}

const percent = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function batteryFloorOf(shadow: Pick<Shadow, 'state'> | undefined): BatteryFloor {
  const reportedPct = percent(shadow?.state.reported.BatSocMin);
  const desired = percent(shadow?.state.desired.BatSocMin);
  return { reportedPct, requestedPct: desired !== null && desired !== reportedPct ? desired : null };
}

/** "10 %", "10 % (requested 15 %, not yet taken)", "not reported (requested 15 %)" or "not reported". */
export function batteryFloorText(t: TFunction, floor: BatteryFloor, formatNumber: (n: number) => string): string {
  const pct = (value: number) => `${formatNumber(value)}\u00a0%`;
  if (floor.reportedPct !== null) {
    const reported = pct(floor.reportedPct);
    return floor.requestedPct === null ? reported : t('batteryFloor.withRequested', { reported, requested: pct(floor.requestedPct) });
  }
  if (floor.requestedPct !== null) return t('batteryFloor.requestedOnly', { requested: pct(floor.requestedPct) });
  return t('batteryFloor.none');
}

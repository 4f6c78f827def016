// The export limit of a plant, one answer for every page that shows it: what the inverter reports
// (ExportLimit, W) is the limit in force; the value asked for (desired) is shown beside it while the
// device has not taken it; the plant's own setting (grid_export_limit_kw, the grid connection's
// contract) is shown only when the device never reported one. "No limit" is said only when none of
// them is set, so the plant detail cannot read "no limit" while /rc and the inverter report 6,860 W.
// Pure, so the apps' test mock of shared-utils uses it as it is (the hook is use-export-limit.ts).
import type { TFunction } from 'i18next';
import type { Shadow } from '../api/endpoints';

export interface ExportLimit {
  /** W, as the device reports it; null: never reported. */
  reportedW: number | null;
  /** W, asked of the device and not yet taken; null: nothing waits. */
  requestedW: number | null;
  /** W, the plant's own setting (kW in the plant's settings); null: none. */
  plantSettingW: number | null;
}

const watts = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function exportLimitOf(shadow: Pick<Shadow, 'state'> | undefined, plantSettingKw: number | null): ExportLimit {
  const reportedW = watts(shadow?.state.reported.ExportLimit);
  const desired = watts(shadow?.state.desired.ExportLimit);
  return {
    reportedW,
    requestedW: desired !== null && desired !== reportedW ? desired : null,
    plantSettingW: plantSettingKw === null ? null : Math.round(plantSettingKw * 1000),
  };
}

/**
 * The limit as one line: "6 860 W", "6 860 W (requested 4 000 W)", "5 000 W (plant setting)" or "no
 * limit"; `formatNumber` is the console's (cs-CZ / en-US).
 */
export function exportLimitText(t: TFunction, limit: ExportLimit, formatNumber: (n: number) => string): string {
  const formatWatts = (w: number) => `${formatNumber(w)} W`;
  if (limit.reportedW !== null) {
    const reported = formatWatts(limit.reportedW);
    return limit.requestedW === null ? reported : t('exportLimit.withRequested', { reported, requested: formatWatts(limit.requestedW) });
  }
  if (limit.requestedW !== null) return t('exportLimit.requestedOnly', { requested: formatWatts(limit.requestedW) });
  if (limit.plantSettingW !== null) return t('exportLimit.plantSetting', { limit: formatWatts(limit.plantSettingW) });
  return t('exportLimit.none');
}

// A plant's alert thresholds: the defaults, the limits the server enforces, and the check of them as a
// user types them, for every screen that edits them (notification centre, plant settings). Pure.

export interface Thresholds {
  /** Battery state of charge (%) under which a battery-low alert opens. */
  batterySocMin: number;
  /** PV output as % of the clear-sky estimate under which a PV-low alert opens. */
  pvMinPercent: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = { batterySocMin: 20, pvMinPercent: 10 };

export const THRESHOLD_LIMITS = {
  batterySocMin: { min: 0, max: 100 },
  pvMinPercent: { min: 1, max: 90 },
} as const;

export type ThresholdField = keyof typeof THRESHOLD_LIMITS;
export const THRESHOLD_FIELDS = Object.keys(THRESHOLD_LIMITS) as ThresholdField[];
export type ThresholdDraft = Record<ThresholdField, string>;
export type ThresholdProblem = 'fieldRequired' | 'outOfRange';
export type ThresholdErrors = Partial<Record<ThresholdField, ThresholdProblem>>;

/** A typed number, with a decimal comma or point; NaN when it is none. */
export function parseThresholdNumber(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' || !/^-?\d+(\.\d+)?$/.test(trimmed) ? Number.NaN : Number(trimmed);
}

export function validateThresholds(draft: ThresholdDraft): ThresholdErrors {
  const errors: ThresholdErrors = {};
  for (const field of THRESHOLD_FIELDS) {
    const { min, max } = THRESHOLD_LIMITS[field];
    const value = parseThresholdNumber(draft[field]);
    if (draft[field].trim() === '') errors[field] = 'fieldRequired';
    else if (Number.isNaN(value) || value < min || value > max) errors[field] = 'outOfRange';
  }
  return errors;
}

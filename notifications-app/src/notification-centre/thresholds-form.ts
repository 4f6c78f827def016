// Checking the thresholds a user types before they go to the server (the same limits it enforces).
export const THRESHOLD_LIMITS = {
  batterySocMin: { min: 0, max: 100 },
  pvMinPercent: { min: 1, max: 90 },
} as const;

export type ThresholdField = keyof typeof THRESHOLD_LIMITS;
export type ThresholdDraft = Record<ThresholdField, string>;
export type ThresholdErrors = Partial<Record<ThresholdField, 'fieldRequired' | 'outOfRange'>>;

/** A typed number, with a decimal comma or point; NaN when it is none. */
export function parseNumber(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' || !/^-?\d+(\.\d+)?$/.test(trimmed) ? Number.NaN : Number(trimmed);
}

export function validateThresholds(draft: ThresholdDraft): ThresholdErrors {
  const errors: ThresholdErrors = {};
  for (const field of Object.keys(THRESHOLD_LIMITS) as ThresholdField[]) {
    const { min, max } = THRESHOLD_LIMITS[field];
    const value = parseNumber(draft[field]);
    if (draft[field].trim() === '') errors[field] = 'fieldRequired';
    else if (Number.isNaN(value) || value < min || value > max) errors[field] = 'outOfRange';
  }
  return errors;
}

// Checking the thresholds a user types before they go to the server: the shared limits and checks
// (@helio/shared-utils, the same as the plant settings form and the server's).
export {
  THRESHOLD_LIMITS,
  parseThresholdNumber as parseNumber,
  validateThresholds,
  type ThresholdDraft,
  type ThresholdErrors,
  type ThresholdField,
} from '@helio/shared-utils';

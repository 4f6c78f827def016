// The notification endpoints' types the app names (the calls are the shared apiPost's, typed by the contract).
import type { AlertThresholds } from '@helio/contracts';

export { ALERT_KINDS, SEVERITIES, type AlertKind, type Severity } from '@helio/contracts/limits';
export type { Alert, AlertFilter } from '@helio/contracts';
export type Thresholds = AlertThresholds;

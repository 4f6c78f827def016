// The alert kinds and severities are the contract's; re-exported for the alert engine's modules.
export { ALERT_KINDS, isAlertKind, SEVERITIES, SEVERITY_OF, type AlertDetails, type AlertKind, type Severity } from '@helio/contracts';

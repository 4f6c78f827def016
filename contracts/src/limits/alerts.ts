// The alerts the server raises and how severe each is. Names are the API's.
export const ALERT_KINDS = ['gatewayOffline', 'inverterFault', 'batteryLow', 'gridOutage', 'pvLow', 'chargerFault'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const SEVERITIES = ['critical', 'warning'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const SEVERITY_OF: Record<AlertKind, Severity> = {
  gatewayOffline: 'critical',
  inverterFault: 'critical',
  gridOutage: 'critical',
  batteryLow: 'warning',
  pvLow: 'warning',
  chargerFault: 'warning',
};

/** The figures an alert keeps about what raised it (shown in the app and the mail). */
export type AlertDetails = Record<string, number | string | boolean | null>;

/**
 * The kinds the alert engine judges from the plant's shadow on its tick; the others are raised when
 * their event arrives (chargerFault: an OCPP charger's StatusNotification Faulted) and cleared by the next.
 */
export const CONDITION_ALERT_KINDS = [
  'gatewayOffline',
  'inverterFault',
  'batteryLow',
  'gridOutage',
  'pvLow',
] as const satisfies readonly AlertKind[];
export type ConditionAlertKind = (typeof CONDITION_ALERT_KINDS)[number];

export function isAlertKind(value: string): value is AlertKind {
  return (ALERT_KINDS as readonly string[]).includes(value);
}

export const ALERT_STATES = ['open', 'closed'] as const;
/** An alert list answers at most this many; mark-read takes at most this many ids. */
export const MAX_ALERTS = 500;

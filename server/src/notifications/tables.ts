// Notification tables (Kysely types): per-user schedules, alerts with per-user read marks, and the
// per-plant alert thresholds. Booleans are integers 0/1 and JSON is text, so both engines store them alike.

export interface NotificationSettingsTable {
  user_id: string;
  /** 'allDays' | 'weekdays' | 'custom' */
  period: string;
  /** 0 or 1: the master switch. */
  enabled: number;
  /** JSON text: DaySetting[] for days 0–6 (Monday 0). */
  days: string;
  updated_at: string;
}

export interface AlertTable {
  id: string;
  tenant_id: string;
  plant_id: string;
  /** AlertKind */
  kind: string;
  /** 'critical' | 'warning' */
  severity: string;
  /** ISO-8601 UTC. */
  started_at: string;
  /** ISO-8601 UTC; null while the condition lasts (at most one open alert per plant and kind). */
  ended_at: string | null;
  /** JSON text: the figures that raised the alert. */
  details: string;
}

export interface AlertReadTable {
  alert_id: string;
  user_id: string;
  read_at: string;
}

export interface AlertThresholdTable {
  plant_id: string;
  /** Battery state of charge (%) under which a battery-low alert opens. */
  battery_soc_min: number;
  /** PV output, as % of the clear-sky estimate, under which a PV-low alert opens. */
  pv_min_percent: number;
  updated_at: string;
}

export type NotificationTables = {
  notification_settings: NotificationSettingsTable;
  alerts: AlertTable;
  alert_reads: AlertReadTable;
  alert_thresholds: AlertThresholdTable;
};

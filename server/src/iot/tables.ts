// Device tables (Kysely types). JSON documents are text so SQLite and PostgreSQL store them alike.
export interface ShadowTable {
  thing_name: string;
  /** JSON text: the reported state. */
  reported: string;
  /** JSON text: the desired state. */
  desired: string;
  /** JSON text: per-key timestamps, `{ reported: {…}, desired: {…} }`. */
  metadata: string;
  version: number;
  /** ISO-8601 UTC, millisecond precision: the shadow document's timestamp. */
  updated_at: string;
}

/** A shadow's last report time and firmware (shadows/gateway-reports.ts), written with it. */
export interface GatewayReportTable {
  thing_name: string;
  /** Epoch ms of the newest reported value; null before any report. */
  last_reported_at: number | null;
  /** The reported FirmwareVersion (a string), else null. */
  firmware: string | null;
  /** The shadow's version (059_gateway_report_versions); null only for rows from before it. */
  shadow_version: number | null;
}

export interface MetricSampleTable {
  thing_name: string;
  /** Reported key; nested keys are joined with '.'. */
  metric_key: string;
  /** Epoch ms of the measurement (bigint; the pg driver is set to parse int8 as a number). */
  ts: number;
  value: number;
}

/** A plant gateway's MQTT login; see mqtt/migrations/006-gateway-credentials.ts for why there are two hashes. */
export interface GatewayCredentialTable {
  plant_id: string;
  /** `gw-<thingName>`. */
  username: string;
  /** scrypt, as for user passwords (auth/passwords). */
  password_hash: string;
  /** Mosquitto password-file hash: `$7$<iterations>$<salt>$<hash>`, PBKDF2-SHA512. */
  mosquitto_hash: string;
  updated_at: string;
}

export interface DeviceTables {
  shadows: ShadowTable;
  gateway_reports: GatewayReportTable;
  metric_samples: MetricSampleTable;
  gateway_credentials: GatewayCredentialTable;
}

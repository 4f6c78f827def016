// Server configuration from environment variables. Every value is checked at startup so a typo stops
// the process with a message naming the variable instead of failing later in some unrelated place.
//
// The only file of the server that reads process.env: loadConfig reads it once, at start (main.ts and
// the command-line tools), and the values are passed down from there, each domain's section
// (identity, spot, forecast, integrations, analytics) read by that domain's *-config.ts from the same
// snapshot. tools/config-once.test.js fails when process.env appears anywhere else in server/src
// (tests and server/src/testing aside: they start servers and read test settings).
import path from 'node:path';
import { loadAnalyticsConfig, type AnalyticsConfig } from './analytics/analytics-config';
import { ConfigError, flag, integer, text, type Env } from './config-values';
import { loadForecastConfig, type ForecastConfig } from './forecast/forecast-config';
import { loadIdentityConfig, type IdentityConfig } from './auth/identity-config';
import { scryptCost, type ScryptCost } from './auth/passwords';
import { loadIntegrationsConfig, type IntegrationsConfig } from './integrations/integrations-config';
import { loadSpotConfig, type SpotConfig } from './spot/spot-config';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  dataDir: string;
  mqttUrl?: string;
  mqttPort: number;
  /** The server's own MQTT login (access to every topic). */
  mqttUsername: string;
  /** Needed for an external broker that checks passwords; the embedded broker makes one per run when unset. */
  mqttPassword?: string;
  /** The server's MQTT client id (MQTT_CLIENT_ID); unset: helio-server-<host>-<port>, one per replica. */
  mqttClientId?: string;
  /**
   * With MQTT_URL: the shared-subscription group the replicas take reports in (MQTT_SHARE_GROUP,
   * default helio; off: a plain subscription with a persistent session, for a single replica).
   */
  mqttShareGroup?: string;
  /** How long a periodic job's leader lease lasts without renewal, ms (JOB_LEASE_TTL_MS). */
  jobLeaseTtlMs: number;
  /** On PostgreSQL with autovacuum off, the leader vacuums the server's tables itself (VACUUM_WHEN_AUTOVACUUM_OFF, db/table-vacuum.ts). */
  vacuumWhenAutovacuumOff: boolean;
  /** Push endpoints over http or on private/loopback addresses (PUSH_ALLOW_PRIVATE; tests, an own push service). */
  pushAllowPrivate: boolean;
  simulator: boolean;
  simIntervalMs: number;
  simPlants: number;
  /** Simulated time runs this many times faster than real time (demos, tests). */
  simTimeFactor: number;
  /** How long a simulated gateway takes to apply a delta, ms (0: at once). */
  simApplyDelayMs: number;
  /** Days of history the simulator writes for a plant that has none yet (0: none). */
  simHistoryDays: number;
  /** Raw samples older than this are deleted; the hour, day and month roll-ups stay. */
  rawRetentionDays: number;
  /** Roll-up buckets older than this are deleted (at least rawRetentionDays). */
  rollupRetentionDays: number;
  /**
   * 0: a sample's roll-ups are merged as it is stored. Above: batches journal their samples and the
   * leader merges them this often (series/rollup-journal.ts): a scaled-out server's ingest, roll-ups
   * lagging by up to this much.
   */
  rollupJournalMs: number;
  /**
   * How long a device report may wait for others to share its transaction (iot/shadows/batches.ts):
   * 0, at once. A scaled-out server's ingest writes far fewer statements a report with a few tens of ms.
   */
  reportBatchMs: number;
  /** How often the alert engine judges every plant, ms. */
  alertTickMs: number;
  /** How often remote-control schedules are checked for due starts and ends, ms. */
  rcTickMs: number;
  /** How often the charging controller sets the limits of the OCPP chargers a replica holds, ms. */
  ocppTickMs: number;
  /** How long the surplus must carry the minimum current before PV charging starts, ms (evcc's 60 s). */
  ocppPvStartHoldMs: number;
  publicDir: string;
  logLevel: string;
  secureCookies: boolean;
  /**
   * Origins of developers' webpack dev servers the Content-Security-Policy also lets scripts, styles,
   * images and requests come from, for import-map-overrides (CSP_DEV_ORIGINS). Empty unless set.
   */
  cspDevOrigins: string[];
  /** NODE_ENV=development: record translation keys the browser misses (POST /locales/add/{lng}/{ns}) */
  recordMissingTranslations: boolean;
  /** Where mails and alerts link to: PUBLIC_URL, else the local console (http://localhost:PORT). */
  consoleUrl: string;
  /** The organisation (by name) whose administrators run the releases (RELEASES_ORGANISATION); unset: the oldest. */
  releasesOrganisation?: string;
  /** The scrypt cost of new password hashes (a cheap one in jest's workers). */
  passwordCost: ScryptCost;
  identity: IdentityConfig;
  spot: SpotConfig;
  forecast: ForecastConfig;
  integrations: IntegrationsConfig;
  analytics: AnalyticsConfig;
}

/** Repository root: config.ts lives in server/src (under jest) or server/dist (built); both are two levels down. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MQTT_PROTOCOLS = ['mqtt:', 'mqtts:', 'tcp:', 'ssl:', 'ws:', 'wss:'];

function databaseUrl(env: Env, dataDir: string): string {
  const raw = text(env, 'DATABASE_URL');
  if (raw === undefined) return `sqlite://${path.join(dataDir, 'helio.db')}`;
  if (!/^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(raw)) {
    throw new ConfigError('DATABASE_URL', 'must start with sqlite:// or postgres://');
  }
  return raw;
}

function mqttUrl(env: Env): string | undefined {
  const raw = text(env, 'MQTT_URL');
  if (raw === undefined) return undefined;
  let protocol: string;
  try {
    protocol = new URL(raw).protocol;
  } catch {
    throw new ConfigError('MQTT_URL', `is not a URL (got "${raw}")`);
  }
  if (!MQTT_PROTOCOLS.includes(protocol)) {
    throw new ConfigError('MQTT_URL', `must use one of ${MQTT_PROTOCOLS.join(' ')} (got "${raw}")`);
  }
  return raw;
}

function mqttUsername(env: Env): string {
  const raw = text(env, 'MQTT_USERNAME') ?? 'helio-server';
  // gw-… names are gateways' (one per plant); the server must never be mistaken for one.
  if (raw.startsWith('gw-') || /[\s:]/.test(raw))
    throw new ConfigError('MQTT_USERNAME', `must not start with gw- nor contain spaces or ':' (got "${raw}")`);
  return raw;
}

function mqttClientId(env: Env): string | undefined {
  const raw = text(env, 'MQTT_CLIENT_ID');
  if (raw !== undefined && (raw.length > 128 || /[\s/+#]/.test(raw)))
    throw new ConfigError('MQTT_CLIENT_ID', `must be at most 128 characters without spaces, '/', '+' or '#' (got "${raw}")`);
  return raw;
}

function mqttShareGroup(env: Env): string | undefined {
  const raw = text(env, 'MQTT_SHARE_GROUP') ?? 'helio';
  if (raw.toLowerCase() === 'off') return undefined;
  // a group name is one topic level: no separators nor wildcards
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw))
    throw new ConfigError('MQTT_SHARE_GROUP', `must be off or 1 to 64 letters, digits, '-' or '_' (got "${raw}")`);
  return raw;
}

/** `http://localhost:9103,http://127.0.0.1:9100`: bare http(s) origins only, so a typo cannot open `*`. */
function cspDevOrigins(env: Env): string[] {
  const raw = text(env, 'CSP_DEV_ORIGINS');
  if (raw === undefined) return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      let url: URL | undefined;
      try {
        url = new URL(entry);
      } catch {
        url = undefined;
      }
      if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
        throw new ConfigError(
          'CSP_DEV_ORIGINS',
          `must list http(s) origins such as http://localhost:9103, separated by commas (got "${entry}")`,
        );
      }
      return url.origin;
    });
}

function logLevel(env: Env): string {
  const raw = text(env, 'LOG_LEVEL')?.toLowerCase() ?? 'info';
  if (!LOG_LEVELS.includes(raw)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`);
  }
  return raw;
}

function rollupRetentionDays(env: Env, rawDays: number): number {
  const days = integer(env, 'ROLLUP_RETENTION_DAYS', Math.max(3650, rawDays), 1, 36_500);
  // raw samples are found for pruning through their month roll-ups: those must outlive them
  if (days < rawDays) throw new ConfigError('ROLLUP_RETENTION_DAYS', `must be at least RAW_RETENTION_DAYS (${rawDays}) (got "${days}")`);
  return days;
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? path.join(REPO_ROOT, 'data'));
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const identity = loadIdentityConfig(env);
  return {
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: databaseUrl(env, dataDir),
    mqttUrl: mqttUrl(env),
    mqttPort: integer(env, 'MQTT_PORT', 18830, 1, 65535),
    mqttUsername: mqttUsername(env),
    mqttPassword: text(env, 'MQTT_PASSWORD'),
    mqttClientId: mqttClientId(env),
    mqttShareGroup: mqttShareGroup(env),
    jobLeaseTtlMs: integer(env, 'JOB_LEASE_TTL_MS', 30_000, 1000, 3_600_000),
    vacuumWhenAutovacuumOff: flag(env, 'VACUUM_WHEN_AUTOVACUUM_OFF', true),
    pushAllowPrivate: flag(env, 'PUSH_ALLOW_PRIVATE', false),
    simulator: flag(env, 'SIMULATOR', true),
    simIntervalMs: integer(env, 'SIM_INTERVAL_MS', 5000, 100, 3_600_000),
    simPlants: integer(env, 'SIM_PLANTS', 0, 0, 10_000),
    simTimeFactor: integer(env, 'SIM_TIME_FACTOR', 1, 1, 100_000),
    simApplyDelayMs: integer(env, 'SIM_APPLY_DELAY_MS', 0, 0, 60_000),
    simHistoryDays: integer(env, 'SIM_HISTORY_DAYS', 14, 0, 366),
    rawRetentionDays: integer(env, 'RAW_RETENTION_DAYS', 90, 1, 36_500),
    rollupRetentionDays: rollupRetentionDays(env, integer(env, 'RAW_RETENTION_DAYS', 90, 1, 36_500)),
    rollupJournalMs: integer(env, 'ROLLUP_JOURNAL_MS', 0, 0, 600_000),
    reportBatchMs: integer(env, 'REPORT_BATCH_MS', 0, 0, 1000),
    alertTickMs: integer(env, 'ALERT_TICK_MS', 30_000, 1000, 3_600_000),
    rcTickMs: integer(env, 'RC_TICK_MS', 5000, 200, 60_000),
    ocppTickMs: integer(env, 'OCPP_TICK_MS', 10_000, 200, 600_000),
    ocppPvStartHoldMs: integer(env, 'OCPP_PV_START_HOLD_MS', 60_000, 0, 3_600_000),
    publicDir: path.resolve(text(env, 'PUBLIC_DIR') ?? path.join(REPO_ROOT, 'dist', 'public')),
    logLevel: logLevel(env),
    secureCookies: flag(env, 'SECURE_COOKIES', false),
    cspDevOrigins: cspDevOrigins(env),
    recordMissingTranslations: text(env, 'NODE_ENV') === 'development',
    consoleUrl: identity.publicUrl ?? `http://localhost:${port}`,
    releasesOrganisation: text(env, 'RELEASES_ORGANISATION'),
    passwordCost: scryptCost(env),
    identity,
    spot: loadSpotConfig(env),
    forecast: loadForecastConfig(env),
    integrations: loadIntegrationsConfig(env),
    analytics: loadAnalyticsConfig(env),
  };
}

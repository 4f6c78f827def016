// The typed shape of every API call the console makes: path -> request body and response.
import type {
  AuditEndpoints, AuditEvent, PlantAccessEndpoints, GatewayLogin, Plant, AuditQuery, CurrentUserView, IamEndpoints, IamRole, IamUser, IamUserStatus, IdentityEndpoints, InviteRequest,
  NewPasswordChallenge, PermissionView, ProfileChanges, RoleInput, RoleRef, SessionView, TokenResponse, UserEndpoints, UserInfo, UserProfile,
} from '@helio/contracts';
import type { Language } from '../i18n/loader-options';
import type { DeviceEndpoints } from './device-endpoints';
import type { PlantManagementEndpoints } from './plant-endpoints';

export type {
  GatewayLogin, Plant, AuditEvent, AuditQuery, CurrentUserView, IamRole, IamUser, IamUserStatus, InviteRequest, NewPasswordChallenge, PermissionView, ProfileChanges,
  RoleInput, RoleRef, SessionView, TokenResponse, UserInfo, UserProfile,
};

export interface Shadow {
  state: {
    reported: Record<string, unknown>;
    desired: Record<string, unknown>;
    delta: Record<string, unknown>;
  };
  metadata: { reported: Record<string, { timestamp: number }> };
  version: number;
  timestamp: number;
  hasDelta: boolean;
}

/** One plant as the device registry (hono/plants/find, hono/plants/get) shows it. */
export interface RegistryPlant {
  id: string;
  name: string;
  thingName: string;
  /** The gateway's MQTT client id and username, `gw-<thingName>`. */
  gatewayClientId: string;
  hasCredentials: boolean;
  /** offline: the broker says the connection is gone, or nothing was reported for 5 minutes. */
  status: 'online' | 'offline';
  /** ISO time of the newest reported value. */
  lastSeen: string | null;
  /** The broker's word on the connection; null when it said nothing yet. */
  connected: boolean | null;
  connectedSince: string | null;
  firmware: string | null;
  shadowVersion: number;
  /** Ids of the plant's tags (tag/list names them). */
  tagIds: string[];
  /** PV energy produced since the start of the plant's own day (its time zone); null without data today. */
  todayEnergyKwh: number | null;
}

export interface RegistryFilter {
  /** Part of the name, any case. */
  name?: string;
  thingName?: string;
  status?: 'online' | 'offline';
  /** A tag id: only the plants that carry it. */
  tag?: string;
}

/** The server's own connection to the MQTT broker (iot/broker/status). */
export interface BrokerStatus {
  connected: boolean;
  /** ISO time the current connection started; null while disconnected */
  since: string | null;
  /** true for the broker embedded in the server, false for an external one (MQTT_URL) */
  embedded: boolean;
}

/** Time-series bucket sizes: 1 minute, 15 minutes, 1 hour, 1 day, 1 month (SPEC §3, default 1 hour). */
export type Granularity = '1m' | '15m' | '1h' | '1d' | '1M';

/** One stored metric of a plant (metric/list). */
export interface MetricListRow {
  metricKey: string;
  unit: string | null;
  lastValue: number;
  lastTime: string;
}

/** metric/time-series' pgParams (SPEC §3): every id is required; nothing falls back to a default plant or date. */
export interface TimeSeriesParams {
  tenantId: string;
  gatewayId: string;
  plantId: string;
  metricKeys?: string[];
  startTime: string;
  endTime: string;
  granularity?: Granularity;
}

/** One bucket of one metric; energyKwh is the energy of a power metric (ActPwr*, W) over the bucket, else null. */
export interface TimeSeriesRow {
  time: string;
  metricKey: string;
  avg: number;
  min: number;
  max: number;
  last: number;
  count: number;
  energyKwh: number | null;
}

/** A plant's alert thresholds: battery state of charge (%) and PV share of clear sky (%) under which alerts open. */
export interface AlertThresholds {
  plantId: string;
  batterySocMin: number;
  pvMinPercent: number;
}

/** One delivery period of the day-ahead market. */
export interface SpotPrice {
  start: string;
  end: string;
  eurMwh: number;
  czkKwh: number;
}

/** A local day's prices; demo is true for the generated series of the embedded default. */
export interface SpotDay {
  date: string;
  demo: boolean;
  prices: SpotPrice[];
}

export interface SpotPrices {
  area: string;
  timeZone: string;
  /** CZK per EUR used for czkKwh */
  eurCzk: number;
  days: SpotDay[];
}

type Empty = Record<string, never>;

/** The interface languages (cs default). */
export type { Language };

export interface ApiEndpoints extends IdentityEndpoints, UserEndpoints, IamEndpoints, AuditEndpoints, DeviceEndpoints, PlantManagementEndpoints, PlantAccessEndpoints {
  'iot/thing/shadow': { request: { thingName: string }; response: Shadow };
  /** 409 with `details.currentVersion` when `expectedVersion` is stale; 413 over 8 KB; 400 nested deeper than 6. */
  'iot/thing/shadow/desired': {
    request: { thingName: string; desiredKey: string; desiredState: unknown; expectedVersion?: number };
    response: Shadow;
  };
  'hono/plants/find': { request: { filter?: RegistryFilter }; response: RegistryPlant[] };
  'hono/plants/get': { request: { id: string }; response: RegistryPlant };
  'iot/broker/status': { request: Empty; response: BrokerStatus };
  'plant/gateway/credentials/rotate': { request: { id: string }; response: GatewayLogin };
  'metric/list': { request: { plant: string }; response: { rows: MetricListRow[] } };
  'metric/time-series': { request: { pgParams: TimeSeriesParams }; response: { rows: TimeSeriesRow[] } };
  'spot/prices': { request: { date?: string }; response: SpotPrices };
  /** notifications:read of the plant's module; save needs notifications:manage (403 otherwise). */
  'notifications/thresholds/get': { request: { plantId: string }; response: AlertThresholds };
  'notifications/thresholds/save': { request: AlertThresholds; response: AlertThresholds };
}

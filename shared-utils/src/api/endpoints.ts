// The typed shape of every API call the console makes: path -> request body and response.
import type { AnalyticsEndpoints, EvEndpoints, ForecastEndpoints } from '@helio/contracts';
import type { Language } from '../i18n/loader-options';
import type { RcEndpoints } from '@helio/contracts';
import type { PlantAccessEndpoints } from './plant-access-endpoints';
import type { DeviceEndpoints } from './device-endpoints';
import type { PlantManagementEndpoints } from './plant-endpoints';

export interface TokenResponse {
  idToken: string;
  accessToken: string;
  /** seconds until both tokens expire */
  expiresIn: number;
}

export interface UserProfile {
  locale: 'cs' | 'en';
  preferences: Record<string, unknown>;
}

export interface UserInfo {
  sub: string;
  email: string;
  name: string;
  family_name: string;
  picture: string | null;
  tenant: { id: string; name: string };
  modules: string[];
  /** The effective role: a built-in role key or the id of a custom role. */
  role: string;
  /** What the role allows (server/src/iam/permissions.ts), e.g. 'iam:manage'. */
  permissions: string[];
}

export interface Plant {
  id: string;
  name: string;
  thingName: string;
  location: string;
  latitude: number;
  longitude: number;
  timezone: string;
  pvPeakKw: number;
  batteryKwh: number | null;
  chargerKw: number | null;
}

export interface Shadow {
  state: {
    reported: Record<string, unknown>;
    desired: Record<string, unknown>;
    delta: Record<string, unknown>;
  };
  /** When each key was last reported or desired (an object value's keys each have their own). */
  metadata: { reported: Record<string, { timestamp: number }>; desired?: Record<string, unknown> };
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

/** A gateway's new MQTT login, answered once by plant/gateway/credentials/rotate. */
export interface GatewayLogin {
  username: string;
  password: string;
}

/** sign-in's other answer: an invited user must replace the temporary password (session: 3 min, single use). */
export interface NewPasswordChallenge {
  challenge: 'NEW_PASSWORD_REQUIRED';
  session: string;
}

/** Time-series bucket sizes: 1 minute, 15 minutes, 1 hour, 1 day, 1 month (default 1 hour). */
export type Granularity = '1m' | '15m' | '1h' | '1d' | '1M';

/** One stored metric of a plant (metric/list). */
export interface MetricListRow {
  metricKey: string;
  unit: string | null;
  lastValue: number;
  lastTime: string;
}

/** metric/time-series' pgParams: every id is required; nothing falls back to a default plant or date. */
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

// ---- Account, sessions, identity and access (server/src/users, identity, iam, audit) ----

/** The interface languages (cs default). */
export type { Language };

/** users/profile/update answers the merged current user, as users/me holds it. */
export type CurrentUserView = UserInfo & UserProfile;

export interface ProfileChanges {
  name?: string;
  family_name?: string;
  picture?: string | null;
  locale?: Language;
  preferences?: Record<string, unknown>;
}

export interface SessionView {
  id: string;
  /** e.g. "Chrome on Linux" */
  device: string;
  userAgent: string | null;
  address: string | null;
  createdAt: string;
  lastUsedAt: string;
  /** The session of this browser. */
  current: boolean;
}

export type IamUserStatus = 'active' | 'invited' | 'disabled';

export interface RoleRef {
  id: string;
  name: string;
  builtIn: boolean;
}

export interface IamUser {
  id: string;
  email: string;
  name: string;
  family_name: string;
  picture: string | null;
  role: RoleRef;
  modules: string[];
  locale: Language;
  status: IamUserStatus;
  invitationExpiresAt: string | null;
  lastSignInAt: string | null;
  createdAt: string;
}

export interface InviteRequest {
  email: string;
  name: string;
  family_name: string;
  role: string;
  modules: string[];
  locale: Language;
}

export interface IamRole extends RoleRef {
  description: string;
  permissions: string[];
  userCount: number;
}

export interface RoleInput {
  name: string;
  description?: string;
  permissions: string[];
}

export interface PermissionView {
  key: string;
  /** English description from the server's catalogue; the console shows its own translation. */
  description: string;
  grantedBy: RoleRef[];
}

export interface AuditEvent {
  id: string;
  at: string;
  action: string;
  actor: { id: string; email: string } | null;
  target: { type: string; id: string; label: string } | null;
  details: Record<string, unknown>;
  address: string | null;
}

export interface AuditQuery {
  actions?: string[];
  actorId?: string;
  targetId?: string;
  /** ISO-8601, inclusive */
  from?: string;
  /** ISO-8601, exclusive */
  to?: string;
  limit?: number;
  cursor?: string;
}

interface AccountEndpoints {
  'users/profile/update': { request: ProfileChanges; response: CurrentUserView };
  'auth/change-password': { request: { currentPassword: string; newPassword: string }; response: { ok: boolean } };
  'auth/sessions/list': { request: Empty; response: { sessions: SessionView[] } };
  'auth/sessions/revoke': { request: { id: string }; response: { ok: boolean } };
  'auth/sessions/revoke-others': { request: Empty; response: { revoked: number } };
  'iam/users/list': { request: { search?: string }; response: { users: IamUser[] } };
  'iam/users/invite': { request: InviteRequest; response: IamUser };
  'iam/users/update': { request: { id: string; role?: string; modules?: string[] }; response: IamUser };
  'iam/users/disable': { request: { id: string }; response: IamUser };
  'iam/users/enable': { request: { id: string }; response: IamUser };
  'iam/users/delete': { request: { id: string }; response: { ok: boolean } };
  'iam/roles/list': { request: Empty; response: { roles: IamRole[] } };
  'iam/roles/create': { request: RoleInput; response: IamRole };
  'iam/roles/update': { request: Partial<RoleInput> & { id: string }; response: IamRole };
  'iam/roles/delete': { request: { id: string }; response: { ok: boolean } };
  'iam/permissions/list': { request: Empty; response: { permissions: PermissionView[] } };
  'audit/list': { request: AuditQuery; response: { events: AuditEvent[]; nextCursor: string | null } };
}

export interface ApiEndpoints
  extends AccountEndpoints, DeviceEndpoints, PlantManagementEndpoints, PlantAccessEndpoints, AnalyticsEndpoints, ForecastEndpoints, RcEndpoints, EvEndpoints {
  'auth/sign-in': { request: { username: string; password: string }; response: TokenResponse | NewPasswordChallenge };
  'auth/complete-new-password': { request: { session: string; newPassword: string }; response: TokenResponse };
  'auth/forgot-password': { request: { username: string }; response: { ok: boolean } };
  'auth/confirm-forgot-password': {
    request: { username: string; code: string; newPassword: string };
    response: { ok: boolean };
  };
  'auth/refresh': { request: Empty; response: TokenResponse };
  'auth/sign-out': { request: Empty; response: { ok: boolean } };
  'users/profile': { request: Empty; response: UserProfile };
  'users/info': { request: Empty; response: UserInfo };
  'plant/list': { request: { id: string }; response: Plant[] };
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

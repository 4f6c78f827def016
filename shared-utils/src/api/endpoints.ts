// The typed shape of every API call the console makes: path -> request body and response.
import type {
  AuditEndpoints, AuditEvent, BrokerStatus, DeviceEndpoints, RegistryFilter, RegistryPlant, Shadow, PlantAccessEndpoints, PlantDeviceEndpoints, GatewayLogin, Plant, AuditQuery, CurrentUserView, IamEndpoints, IamRole, IamUser, IamUserStatus, IdentityEndpoints, InviteRequest,
  NewPasswordChallenge, PermissionView, ProfileChanges, RoleInput, RoleRef, SessionView, TokenResponse, UserEndpoints, UserInfo, UserProfile,
} from '@helio/contracts';
import type { Language } from '../i18n/loader-options';
import type { PlantManagementEndpoints } from './plant-endpoints';

export type {
  BrokerStatus, RegistryFilter, RegistryPlant, Shadow, GatewayLogin, Plant, AuditEvent, AuditQuery, CurrentUserView, IamRole, IamUser, IamUserStatus, InviteRequest, NewPasswordChallenge, PermissionView, ProfileChanges,
  RoleInput, RoleRef, SessionView, TokenResponse, UserInfo, UserProfile,
};

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

export interface ApiEndpoints extends IdentityEndpoints, DeviceEndpoints, UserEndpoints, IamEndpoints, AuditEndpoints, PlantDeviceEndpoints, PlantManagementEndpoints, PlantAccessEndpoints {
  'metric/list': { request: { plant: string }; response: { rows: MetricListRow[] } };
  'metric/time-series': { request: { pgParams: TimeSeriesParams }; response: { rows: TimeSeriesRow[] } };
  'spot/prices': { request: { date?: string }; response: SpotPrices };
  /** notifications:read of the plant's module; save needs notifications:manage (403 otherwise). */
  'notifications/thresholds/get': { request: { plantId: string }; response: AlertThresholds };
  'notifications/thresholds/save': { request: AlertThresholds; response: AlertThresholds };
}

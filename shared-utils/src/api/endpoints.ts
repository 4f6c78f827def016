// The typed shape of every API call the console makes: path -> request body and response.
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
  role: string;
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
  metadata: { reported: Record<string, { timestamp: number }> };
  version: number;
  timestamp: number;
  hasDelta: boolean;
}

/** sign-in's other answer: an invited user must replace the temporary password (session: 3 min, single use). */
export interface NewPasswordChallenge {
  challenge: 'NEW_PASSWORD_REQUIRED';
  session: string;
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

export interface ApiEndpoints {
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
  /** the signed-in user's own profile (server/src/users/profile-update.ts); answers the merged current user */
  'users/profile/update': {
    request: { name?: string; family_name?: string; picture?: string | null; locale?: 'cs' | 'en'; preferences?: Record<string, unknown> };
    response: UserInfo & UserProfile;
  };
  'plant/list': { request: { id: string }; response: Plant[] };
  'iot/thing/shadow': { request: { thingName: string }; response: Shadow };
  /** asks the device for a new value of a writable key (server/src/devices/writable-keys.ts); null clears it */
  'iot/thing/shadow/desired': {
    request: { thingName: string; desiredKey: string; desiredState: string | number | boolean | null };
    response: Shadow;
  };
  'metric/list': { request: { plant: string }; response: { rows: MetricListRow[] } };
  'metric/time-series': { request: { pgParams: TimeSeriesParams }; response: { rows: TimeSeriesRow[] } };
  'spot/prices': { request: { date?: string }; response: SpotPrices };
}

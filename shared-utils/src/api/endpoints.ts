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

// ---- metric/time-series (flow-app's /ems energy balance; the time-series API is built alongside) ----
export type TimeSeriesGranularity = '1m' | '15m' | '1h' | '1d' | '1M';

export interface TimeSeriesParams {
  tenantId: string;
  /** the plant's thingName */
  gatewayId: string;
  plantId: string;
  /** default ["ActPwrPve", "OperMode"] */
  metricKeys?: string[];
  /** ISO-8601 */
  startTime: string;
  endTime: string;
  /** default "1h"; day buckets start at local midnight in the plant's time zone */
  granularity?: TimeSeriesGranularity;
}

export interface TimeSeriesRow {
  /** ISO-8601 bucket start */
  time: string;
  metricKey: string;
  avg: number;
  min: number;
  max: number;
  last: number;
  count: number;
  energyKwh: number | null;
}
// ---- end of metric/time-series ----

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
  'plant/list': { request: { id: string }; response: Plant[] };
  'iot/thing/shadow': { request: { thingName: string }; response: Shadow };
  /** asks the device for a new value of a writable key (server/src/devices/writable-keys.ts); null clears it */
  'iot/thing/shadow/desired': {
    request: { thingName: string; desiredKey: string; desiredState: string | number | boolean | null };
    response: Shadow;
  };
  // flow-app block (time-series contract; the metric API engineer adds the same entry)
  'metric/time-series': { request: { pgParams: TimeSeriesParams }; response: { rows: TimeSeriesRow[] } };
}

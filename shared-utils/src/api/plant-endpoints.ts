// Plant management calls (issue 8; server/src/plants/settings-routes.ts): a plant's settings with the
// version that guards concurrent edits, and plant/create's one-time gateway login.
import type { GatewayLogin, Plant } from './endpoints';

export type TariffCurrency = 'CZK' | 'EUR';

/** Every setting plant/update may change; limits in server/src/plants/plant-limits.ts. */
export interface PlantSettings {
  name: string;
  location: string;
  address: string;
  timezone: string;
  latitude: number | null;
  longitude: number | null;
  pvPeakKw: number | null;
  /** Degrees from horizontal, 0–90. */
  tiltDeg: number | null;
  /** Degrees: 0 = south, −90 = east, +90 = west, ±180 = north. */
  azimuthDeg: number | null;
  batteryKwh: number | null;
  batteryMinSocPct: number | null;
  batteryMaxSocPct: number | null;
  batteryMaxChargeKw: number | null;
  batteryMaxDischargeKw: number | null;
  chargerKw: number | null;
  /** null: no export limit. */
  gridExportLimitKw: number | null;
  tariffName: string;
  tariffPricePerKwh: number | null;
  tariffCurrency: TariffCurrency;
}

export interface PlantDetail extends Plant, Omit<PlantSettings, keyof Plant> {
  /** Raised by every update; plant/update answers 409 with `details.current` when it is stale. */
  version: number;
  createdAt: string;
  updatedAt: string | null;
}

export interface PlantCreateRequest {
  name: string;
  location: string;
  address?: string;
  latitude: number;
  longitude: number;
  timezone: string;
  pvPeakKw: number;
  batteryKwh?: number | null;
  chargerKw?: number | null;
  /** Unique per installation: 409 when taken. */
  thingName: string;
}

export interface PlantManagementEndpoints {
  'plant/detail': { request: { id: string }; response: PlantDetail };
  /** 400 with `details.fields.<field>`; 409 with `details.current` when expectedVersion is stale. */
  'plant/update': { request: { id: string; payload: Partial<PlantSettings>; expectedVersion: number }; response: PlantDetail };
  /** The gateway login is answered this once (cache-control: no-store). */
  'plant/create': { request: PlantCreateRequest; response: { plant: PlantDetail; gatewayLogin: GatewayLogin } };
}

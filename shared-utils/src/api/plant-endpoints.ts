// Plant management calls (server/src/plants/settings-routes.ts, tags/routes.ts,
// plants/fleet-routes.ts): a plant's settings with the version that guards concurrent edits,
// plant/create's one-time gateway login, plant tags and the fleet summary.
import type { PlantTag, TagColour, TagEndpoints } from '@helio/contracts';
import type { GatewayLogin, Plant } from './endpoints';

export type { PlantTag, TagColour };

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


/** A plant the fleet dashboard lists as needing attention: offline or with open alerts. */
export interface AttentionPlant {
  id: string;
  name: string;
  thingName: string;
  status: 'online' | 'offline';
  lastSeen: string | null;
  criticalAlerts: number;
  warningAlerts: number;
}

export interface FleetSummary {
  plants: number;
  online: number;
  offline: number;
  withOpenAlerts: number;
  pvPeakKw: number;
  batteryKwh: number;
  /** Sum of each plant's production since the start of its own day. */
  todayEnergyKwh: number;
  /** Most severe first, at most 10. */
  attention: AttentionPlant[];
  attentionTotal: number;
}

/** tag/create and tag/update answer 409 with `details.field = 'name'` for a name the organisation has. */
export interface PlantManagementEndpoints extends TagEndpoints {
  'plant/fleet/summary': { request: Record<string, never>; response: FleetSummary };
  'plant/detail': { request: { id: string }; response: PlantDetail };
  /** 400 with `details.fields.<field>`; 409 with `details.current` when expectedVersion is stale. */
  'plant/update': { request: { id: string; payload: Partial<PlantSettings>; expectedVersion: number }; response: PlantDetail };
  /** The gateway login is answered this once (cache-control: no-store). */
  'plant/create': { request: PlantCreateRequest; response: { plant: PlantDetail; gatewayLogin: GatewayLogin } };
}

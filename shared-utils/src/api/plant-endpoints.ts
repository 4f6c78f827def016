// Plant management calls (issue 8; server/src/plants/settings-routes.ts, tags/routes.ts,
// plants/fleet-routes.ts): a plant's settings with the version that guards concurrent edits,
// plant/create's one-time gateway login, plant tags and the fleet summary.
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

/** The fixed palette of tag colours (server/src/tags/tags.ts TAG_COLOURS): Blueprint's colour families. */
export type TagColour =
  | 'blue' | 'green' | 'orange' | 'red' | 'vermilion' | 'rose' | 'violet' | 'indigo' | 'cerulean' | 'turquoise' | 'forest' | 'lime'
  | 'gold' | 'sepia' | 'gray';

export interface PlantTag {
  id: string;
  name: string;
  colour: TagColour;
  /** Plants of the organisation that carry the tag. */
  plantCount: number;
  createdAt: string;
  updatedAt: string | null;
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

export interface PlantManagementEndpoints {
  'tag/list': { request: Record<string, never>; response: { tags: PlantTag[]; colours: TagColour[] } };
  /** 409 with `details.field = 'name'` when the organisation has a tag of that name (any case). */
  'tag/create': { request: { name: string; colour: TagColour }; response: PlantTag };
  'tag/update': { request: { id: string; name?: string; colour?: TagColour }; response: PlantTag };
  'tag/delete': { request: { id: string }; response: { ok: boolean; unassigned: number } };
  /** Adds and removes tags on many plants in one transaction; 404 when any id is not the organisation's. */
  'plant/tags/set': { request: { plantIds: string[]; add?: string[]; remove?: string[] }; response: { added: number; removed: number } };
  'plant/fleet/summary': { request: Record<string, never>; response: FleetSummary };
  'plant/detail': { request: { id: string }; response: PlantDetail };
  /** 400 with `details.fields.<field>`; 409 with `details.current` when expectedVersion is stale. */
  'plant/update': { request: { id: string; payload: Partial<PlantSettings>; expectedVersion: number }; response: PlantDetail };
  /** The gateway login is answered this once (cache-control: no-store). */
  'plant/create': { request: PlantCreateRequest; response: { plant: PlantDetail; gatewayLogin: GatewayLogin } };
}

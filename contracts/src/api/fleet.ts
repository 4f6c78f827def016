// The fleet: plant/fleet/summary, the fleet dashboard's figures for the caller's tenant, and the plants
// table's page (plant/fleet/page) and "select all matching" (plant/fleet/ids), searched, filtered,
// sorted and cut by the server.
import { Type, type Static } from '@sinclair/typebox';
import { FLEET_PAGE_SIZE_MAX, FLEET_SORT_COLUMNS, PLANT_SEARCH_MAX } from '../limits/fleet';
import { endpoint, Id, NoBody, Nullable, strict, StringEnum, type EndpointTypes, access } from './common';
import { Plant } from './plants';

export const GATEWAY_STATUSES = ['online', 'offline'] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

/** A plant the fleet dashboard lists as needing attention: offline or with open alerts. */
export const AttentionPlant = Type.Object({
  id: Type.String(),
  name: Type.String(),
  thingName: Type.String(),
  status: StringEnum(GATEWAY_STATUSES),
  lastSeen: Nullable(Type.String()),
  criticalAlerts: Type.Integer(),
  warningAlerts: Type.Integer(),
});
export type AttentionPlant = Static<typeof AttentionPlant>;

export const FleetSummary = Type.Object({
  plants: Type.Integer(),
  online: Type.Integer(),
  offline: Type.Integer(),
  withOpenAlerts: Type.Integer(),
  pvPeakKw: Type.Number(),
  batteryKwh: Type.Number(),
  /** Sum of each plant's production since the start of its own day. */
  todayEnergyKwh: Type.Number(),
  /** Most severe first, at most 10. */
  attention: Type.Array(AttentionPlant),
  attentionTotal: Type.Integer(),
});
export type FleetSummary = Static<typeof FleetSummary>;

/** Which plants of the fleet: every condition given must hold. */
export const FleetFilter = Type.Object(
  {
    /** Part of the name; case and diacritics do not matter ("plzen" finds "Plzeň"). */
    search: Type.Optional(Type.String({ maxLength: PLANT_SEARCH_MAX })),
    status: Type.Optional(StringEnum(GATEWAY_STATUSES)),
    /** A tag id (tag/list): only the plants that carry it. */
    tag: Type.Optional(Id),
  },
  strict,
);
export type FleetFilter = Static<typeof FleetFilter>;

/** A row of the plants table: the plant, its gateway's status, its tags and today's production. */
export const FleetPlant = Type.Object({
  ...Plant.properties,
  status: StringEnum(GATEWAY_STATUSES),
  /** ISO time of the newest reported value. */
  lastSeen: Nullable(Type.String()),
  /** Ids of the plant's tags (tag/list names them). */
  tagIds: Type.Array(Type.String()),
  /** PV energy produced since the start of the plant's own day (its time zone); null without data today. */
  todayEnergyKwh: Nullable(Type.Number()),
});
export type FleetPlant = Static<typeof FleetPlant>;

export const FleetPageRequest = Type.Object(
  {
    filter: Type.Optional(FleetFilter),
    /** By name when not given; ties go by name. Plants without a battery or without data today sort as the smallest. */
    sort: Type.Optional(StringEnum(FLEET_SORT_COLUMNS)),
    descending: Type.Optional(Type.Boolean()),
    /** From 0; past the last page, the last page is answered. */
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    /** 25 when not given. */
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: FLEET_PAGE_SIZE_MAX })),
  },
  strict,
);
export type FleetPageRequest = Static<typeof FleetPageRequest>;

export const FleetPage = Type.Object({
  plants: Type.Array(FleetPlant),
  /** Plants matching the filter, over all pages. */
  total: Type.Integer(),
  /** The page answered (the one asked for, or the last one when fewer remain). */
  page: Type.Integer(),
  pageCount: Type.Integer(),
});
export type FleetPage = Static<typeof FleetPage>;

export const fleetEndpoints = {
  'plant/fleet/summary': endpoint(NoBody, FleetSummary, access('plants:read')),
  'plant/fleet/page': endpoint(FleetPageRequest, FleetPage, access('plants:read')),
  /** The ids of every plant matching the filter, in no particular order ("select all matching"). */
  'plant/fleet/ids': endpoint(
    Type.Object({ filter: Type.Optional(FleetFilter) }, strict),
    Type.Object({ ids: Type.Array(Type.String()) }),
    access('plants:read'),
  ),
};
export type FleetEndpoints = EndpointTypes<typeof fleetEndpoints>;

// The device side of the API: a plant's shadow and its desired state, the device registry
// (hono/plants/find, hono/plants/get), the server's broker connection and a gateway's new password.
import { Type, type Static } from '@sinclair/typebox';
import { Dictionary, endpoint, IdBody, NoBody, Nullable, strict, StringEnum, type EndpointTypes, access } from './common';
import { GATEWAY_STATUSES } from './fleet';
import { REGISTRY_PAGE_SIZE_MAX } from '../limits/fleet';
import { GatewayLogin } from './plants';
import { GatewayHealth } from '../device/payloads';

export const ThingName = Type.String({ minLength: 1, maxLength: 128 });
const StateMap = Dictionary(Type.Unknown());
/** When a reported key was last reported; a key whose value is an object holds a tree of its keys' times. */
export interface ReportedMetadataNode {
  timestamp?: number;
  [key: string]: ReportedMetadataNode | number | undefined;
}
/** Per reported key, when it was last reported (nested keys hold nested trees). */
const ReportedMetadata = Type.Unsafe<Record<string, ReportedMetadataNode>>(Dictionary(Type.Unknown()));

export const Shadow = Type.Object({
  state: Type.Object({ reported: StateMap, desired: StateMap, delta: StateMap }),
  metadata: Type.Object({ reported: ReportedMetadata, desired: Dictionary(Type.Unknown()) }),
  version: Type.Integer(),
  timestamp: Type.Integer(),
  /** true when a delta exists. */
  hasDelta: Type.Boolean(),
});
export type Shadow = Static<typeof Shadow>;

/** offline: the broker says the connection is gone, or nothing was reported for 5 minutes. */
const GatewayStatusSchema = StringEnum(GATEWAY_STATUSES);

/** One plant as the device registry shows it. */
export const RegistryPlant = Type.Object({
  id: Type.String(),
  name: Type.String(),
  thingName: Type.String(),
  /** The gateway's MQTT client id and username, `gw-<thingName>`. */
  gatewayClientId: Type.String(),
  hasCredentials: Type.Boolean(),
  status: GatewayStatusSchema,
  /** ISO time of the newest reported value. */
  lastSeen: Nullable(Type.String()),
  /** The broker's word on the connection; null when it said nothing yet. */
  connected: Nullable(Type.Boolean()),
  connectedSince: Nullable(Type.String()),
  firmware: Nullable(Type.String()),
  shadowVersion: Type.Integer(),
  /** Ids of the plant's tags (tag/list names them). */
  tagIds: Type.Array(Type.String()),
  /** PV energy produced since the start of the plant's own day (its time zone); null without data today. */
  todayEnergyKwh: Nullable(Type.Number()),
});
export type RegistryPlant = Static<typeof RegistryPlant>;

export const RegistryFilter = Type.Object(
  {
    /** Part of the name, any case. */
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    thingName: Type.Optional(ThingName),
    status: Type.Optional(GatewayStatusSchema),
    tag: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'A tag id (tag/list): only the plants that carry it.' })),
  },
  strict,
);
export type RegistryFilter = Static<typeof RegistryFilter>;

export const RegistryFindRequest = Type.Object(
  {
    filter: Type.Optional(RegistryFilter),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: REGISTRY_PAGE_SIZE_MAX })),
    pageOffset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  // A page number means nothing without the page's size.
  { ...strict, dependencies: { pageOffset: ['pageSize'] } },
);
export type RegistryFindRequest = Static<typeof RegistryFindRequest>;

/** The server's own connection to the MQTT broker. */
export const BrokerStatus = Type.Object({
  connected: Type.Boolean(),
  /** ISO time the current connection started; null while disconnected */
  since: Nullable(Type.String()),
  /** true for the broker embedded in the server, false for an external one (MQTT_URL) */
  embedded: Type.Boolean(),
});
export type BrokerStatus = Static<typeof BrokerStatus>;

/** A plant gateway's health as its last status told it (null: it sent none), and whether it is connected now. */
export const GatewayHealthAnswer = Type.Object({ connected: Nullable(Type.Boolean()), health: Nullable(GatewayHealth) });
export type GatewayHealthAnswer = Static<typeof GatewayHealthAnswer>;

export const deviceEndpoints = {
  'iot/thing/shadow': endpoint(
    Type.Object({ thingName: ThingName }, strict),
    Shadow,
    access('devices:read', { tenantResources: [{ field: 'thingName', kind: 'thing' }] }),
  ),
  /** 409 with `details.currentVersion` when `expectedVersion` is stale; 413 over 8 KB; 400 nested deeper than 6. */
  'iot/thing/shadow/desired': endpoint(
    Type.Object(
      {
        thingName: ThingName,
        desiredKey: Type.String({ minLength: 1, maxLength: 128 }),
        // Any JSON value: size and depth answer 413/400 in the handler, then the writable key decides.
        desiredState: Type.Unknown(),
        expectedVersion: Type.Optional(Type.Integer({ minimum: 0 })),
      },
      strict,
    ),
    Shadow,
    access('devices:control', { tenantResources: [{ field: 'thingName', kind: 'thing' }] }),
  ),
  'iot/broker/status': endpoint(NoBody, BrokerStatus, access('devices:read')),
  /** One page of the matching list by name: pageSize plants (REGISTRY_PAGE_SIZE_DEFAULT without it), pageOffset counting pages from 0 as Hono's device search does; the header REGISTRY_TOTAL_HEADER counts them all. */
  'hono/plants/find': endpoint(RegistryFindRequest, Type.Array(RegistryPlant), access('devices:read')),
  'hono/plants/get': endpoint(IdBody, RegistryPlant, access('devices:read', { tenantResources: [{ field: 'id', kind: 'plant' }] })),
  /** The health the plant's gateway reports with its status: its devices, its outbox, its export loop. */
  'iot/gateway/health': endpoint(
    IdBody,
    GatewayHealthAnswer,
    access('devices:read', { tenantResources: [{ field: 'id', kind: 'plant' }] }),
  ),
  'plant/gateway/credentials/rotate': endpoint(
    IdBody,
    GatewayLogin,
    access('plants:write', { tenantResources: [{ field: 'id', kind: 'plant' }] }),
  ),
};
export type DeviceEndpoints = EndpointTypes<typeof deviceEndpoints>;

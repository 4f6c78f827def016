// device/list, device/get, device/create, device/update, device/delete: a plant's inverters, batteries,
// chargers and meters with their identity, ratings and the reported shadow keys that are their live values.
import { Type, type Static } from '@sinclair/typebox';
import {
  DEVICE_KINDS,
  DEVICE_LABEL_MAX,
  MAX_CAPACITY_KWH,
  MAX_LIVE_KEYS,
  MAX_RATED_POWER_KW,
  SHADOW_KEY_MAX,
  SHADOW_KEY_PATTERN,
} from '../limits/plant-devices';
import { endpoint, Id, IdBody, Nullable, Ok, strict, StringEnum, type EndpointTypes, access } from './common';

const DeviceKindSchema = StringEnum(DEVICE_KINDS);
const Label = Type.String({ maxLength: DEVICE_LABEL_MAX });

export const Device = Type.Object({
  id: Type.String(),
  plantId: Type.String(),
  kind: DeviceKindSchema,
  name: Type.String(),
  maker: Type.String(),
  model: Type.String(),
  serial: Type.String(),
  firmware: Type.String(),
  ratedPowerKw: Nullable(Type.Number()),
  /** Batteries only: 400 for any other kind. */
  capacityKwh: Nullable(Type.Number()),
  /** Reported shadow keys (e.g. "BatSoc") whose values are this device's live state. */
  liveKeys: Type.Array(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Device = Static<typeof Device>;
export type DeviceFields = Omit<Device, 'id' | 'plantId' | 'kind' | 'createdAt' | 'updatedAt'>;

const fields = {
  name: Type.String({ minLength: 1, maxLength: DEVICE_LABEL_MAX, pattern: '\\S' }),
  maker: Label,
  model: Label,
  serial: Label,
  firmware: Label,
  ratedPowerKw: Nullable(Type.Number({ exclusiveMinimum: 0, maximum: MAX_RATED_POWER_KW })),
  capacityKwh: Nullable(Type.Number({ exclusiveMinimum: 0, maximum: MAX_CAPACITY_KWH })),
  liveKeys: Type.Array(Type.String({ maxLength: SHADOW_KEY_MAX, pattern: SHADOW_KEY_PATTERN }), {
    maxItems: MAX_LIVE_KEYS,
    uniqueItems: true,
  }),
};

export const DeviceCreateRequest = Type.Object(
  {
    plantId: Id,
    kind: DeviceKindSchema,
    name: fields.name,
    maker: Type.Optional(fields.maker),
    model: Type.Optional(fields.model),
    serial: Type.Optional(fields.serial),
    firmware: Type.Optional(fields.firmware),
    ratedPowerKw: Type.Optional(fields.ratedPowerKw),
    capacityKwh: Type.Optional(fields.capacityKwh),
    liveKeys: Type.Optional(fields.liveKeys),
  },
  strict,
);
export type DeviceCreateRequest = Static<typeof DeviceCreateRequest>;

export const plantDeviceEndpoints = {
  /** Sorted by kind (inverter, battery, charger, meter), then name. 404 for another tenant's plant. */
  'device/list': endpoint(
    Type.Object({ plantId: Id, kind: Type.Optional(DeviceKindSchema) }, strict),
    Type.Array(Device),
    access('plants:read', { tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'device/get': endpoint(IdBody, Device, access('plants:read', { tenantResources: [{ field: 'id', kind: 'device' }] })),
  /** 400 with `details.fields.capacityKwh` for a capacity on a non-battery; 409 `details.field = 'serial'`. */
  'device/create': endpoint(
    DeviceCreateRequest,
    Device,
    access('plants:write', { tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'device/update': endpoint(
    Type.Object(
      {
        id: Id,
        payload: Type.Partial(Type.Object(fields), { additionalProperties: false, minProperties: 1, examples: [{ firmware: '1.2.3' }] }),
      },
      strict,
    ),
    Device,
    access('plants:write', { tenantResources: [{ field: 'id', kind: 'device' }] }),
  ),
  'device/delete': endpoint(IdBody, Ok, access('plants:write', { tenantResources: [{ field: 'id', kind: 'device' }] })),
};
export type PlantDeviceEndpoints = EndpointTypes<typeof plantDeviceEndpoints>;

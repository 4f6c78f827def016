// A plant's devices (server/src/plant-devices/routes.ts): inverters, batteries, chargers and
// meters with their identity, ratings and the reported shadow keys that are their live values.
export type DeviceKind = 'inverter' | 'battery' | 'charger' | 'meter';

export interface DeviceFields {
  name: string;
  maker: string;
  model: string;
  serial: string;
  firmware: string;
  ratedPowerKw: number | null;
  /** Batteries only: 400 for any other kind. */
  capacityKwh: number | null;
  /** Reported shadow keys (e.g. "BatSoc") whose values are this device's live state. */
  liveKeys: string[];
}

export interface Device extends DeviceFields {
  id: string;
  plantId: string;
  kind: DeviceKind;
  createdAt: string;
  updatedAt: string;
}

export type DeviceCreateRequest = { plantId: string; kind: DeviceKind } & Pick<DeviceFields, 'name'> & Partial<DeviceFields>;

export interface DeviceEndpoints {
  /** Sorted by kind (inverter, battery, charger, meter), then name. 404 for another tenant's plant. */
  'device/list': { request: { plantId: string; kind?: DeviceKind }; response: Device[] };
  'device/get': { request: { id: string }; response: Device };
  /** 400 with `details.fields.capacityKwh` for a capacity on a non-battery; 409 `details.field = 'serial'`. */
  'device/create': { request: DeviceCreateRequest; response: Device };
  'device/update': { request: { id: string; payload: Partial<DeviceFields> }; response: Device };
  'device/delete': { request: { id: string }; response: { ok: boolean } };
}

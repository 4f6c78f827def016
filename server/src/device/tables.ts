// The devices of a plant: inverters, batteries, chargers and meters with their identity,
// ratings and the reported shadow keys that are their live values.
import { DEVICE_KINDS, type DeviceKind } from '@helio/contracts';

export { DEVICE_KINDS, type DeviceKind };

export interface DeviceTable {
  id: string;
  plant_id: string;
  kind: DeviceKind;
  name: string;
  maker: string;
  model: string;
  serial: string;
  firmware: string;
  rated_power_kw: number | null;
  /** Batteries only. */
  capacity_kwh: number | null;
  /** JSON text: string[] of reported shadow keys (e.g. ["ActPwrBat","BatSoc"]). */
  live_keys: string;
  created_at: string;
  updated_at: string;
}

export interface PlantDeviceTables {
  devices: DeviceTable;
}

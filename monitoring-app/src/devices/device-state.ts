// The active plant's devices of one kind with their live state: each device's live values from the
// plant's shadow, when they were last reported and whether that is stale (older than 60 s), and the
// same rows as a CSV.
import {
  csvMetricNumber,
  csvNumber,
  deviceLiveValues,
  metricUnit,
  plantTimestamp,
  toCsv,
  type Device,
  type DeviceLiveValue,
  type Shadow,
} from '@helio/shared-utils';

export interface DeviceState {
  device: Device;
  values: DeviceLiveValue[];
  /** epoch ms of the newest of its values; null when none was ever reported */
  reportedAt: number | null;
  stale: boolean;
}

export function deviceStates(devices: readonly Device[], shadow: Shadow | undefined, now: number): DeviceState[] {
  return devices.map((device) => {
    const values = deviceLiveValues(device.liveKeys, shadow, now);
    const stamps = values.map((v) => v.reportedAt).filter((at): at is number => at !== null);
    const reportedAt = stamps.length > 0 ? Math.max(...stamps) : null;
    return { device, values, reportedAt, stale: values.some((v) => v.stale) };
  });
}

/** A battery's state of charge in %, when its live values include one. */
export function stateOfCharge(state: DeviceState): number | null {
  const soc = state.values.find((v) => v.key === 'BatSoc')?.value;
  return typeof soc === 'number' ? soc : null;
}

export const DEVICE_CSV_COLUMNS = [
  'device',
  'kind',
  'maker',
  'model',
  'serial',
  'ratedPowerKw',
  'capacityKwh',
  'key',
  'value',
  'unit',
  'reportedAt',
  'stale',
] as const;

/** One line per device and live value, as every export writes (the plant's clock with its offset, values at their metric's precision). */
export function deviceStatesCsv(states: readonly DeviceState[], timeZone: string): string {
  return toCsv(
    DEVICE_CSV_COLUMNS,
    states.flatMap(({ device, values }) =>
      values.map((v) => [
        device.name,
        device.kind,
        device.maker,
        device.model,
        device.serial,
        csvNumber(device.ratedPowerKw, 'kW'),
        csvNumber(device.capacityKwh, 'kWh'),
        v.key,
        typeof v.value === 'number' ? csvMetricNumber(v.value, v.key) : v.value,
        metricUnit(v.key),
        v.reportedAt === null ? null : plantTimestamp(v.reportedAt, timeZone),
        v.stale,
      ]),
    ),
  );
}

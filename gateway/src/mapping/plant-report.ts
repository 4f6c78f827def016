// A plant's devices as Helio's reported state: the same metric keys the simulator reports (contracts'
// METRIC_KEYS), so every page works unchanged. PV from the inverters (their strings where they have
// model 160), grid from the meter (import > 0), battery power (discharge > 0) and state of charge, the
// house as the balance; faults by their SunSpec names; each device's identity from model 1. Pure.
import { GRID_STATUSES, INVERTER_STATES, METRIC_KEYS } from '@helio/contracts';
import type { GatewayDeviceKind } from '../drivers/device-kind';
import { sumDefined, type BatteryReading, type DeviceFacts, type InverterReading, type MeterReading } from '../drivers/readings';

export type ReportedValue = number | string | boolean | null | { [key: string]: ReportedValue };
export type ReportedState = Record<string, ReportedValue>;

/** Reported keys the gateway adds to the contract's metric keys. */
export const GATEWAY_KEYS = {
  /** The gateway's own version (the registry shows it as the gateway's firmware). */
  firmware: 'FirmwareVersion',
  /** Per MPPT input: `{ "<n>": { DCW, DCA, DCV } }` (with several inverters `<inverter>-<n>`); each number a series. */
  pvStrings: 'PvStrings',
  /** Each device's identity from its model 1: `{ "<id>": { kind, maker, model, serial, firmware } }`. */
  devices: 'Devices',
  /** The SunSpec names of the events a faulted inverter flags, e.g. "GROUND_FAULT, OVER_TEMP"; "" when none. */
  inverterEvents: 'InverterEvents',
  /** The grid's phase voltage (V) at the meter (alerts read an outage from it). */
  gridVoltage: 'GridVoltage',
  /** Why a desired key was not applied, by key (null once it no longer applies). */
  controlRefused: 'ControlRefused',
} as const;

export interface DeviceStatus {
  /** `<kind>-<n>`, numbered per kind in the config's order. */
  id: string;
  kind: GatewayDeviceKind;
  facts?: DeviceFacts;
}

export interface PlantReadings {
  /** The readings of the devices that answered this cycle. */
  inverters: readonly InverterReading[];
  meter?: MeterReading;
  batteries: readonly BatteryReading[];
  devices: readonly DeviceStatus[];
}

const round = (value: number, digits = 0) => Number(value.toFixed(digits));
const kwh = (wh: number) => round(wh / 1000, 3);

function pvStrings(inverters: readonly InverterReading[]): ReportedState | undefined {
  const strings: ReportedState = {};
  inverters.forEach((inverter, i) => {
    for (const s of inverter.strings) {
      const values: ReportedState = {};
      if (s.dcW !== undefined) values.DCW = round(s.dcW, 1);
      if (s.dcA !== undefined) values.DCA = round(s.dcA, 2);
      if (s.dcV !== undefined) values.DCV = round(s.dcV, 1);
      if (Object.keys(values).length > 0) strings[inverters.length > 1 ? `${i + 1}-${s.index}` : String(s.index)] = values;
    }
  });
  return Object.keys(strings).length > 0 ? strings : undefined;
}

/** State of charge over several batteries, weighted by their capacity where known. */
function stateOfCharge(batteries: readonly BatteryReading[]): number | undefined {
  const known = batteries.filter((b) => b.socPct !== undefined);
  if (known.length === 0) return undefined;
  const weight = (b: BatteryReading) => b.capacityWh ?? 1;
  const total = known.reduce((sum, b) => sum + weight(b), 0);
  return round(known.reduce((sum, b) => sum + (b.socPct ?? 0) * weight(b), 0) / total, 1);
}

const GRID_DOWN_EVENTS = new Set(['M_EVENT_Power_Failure', 'GRID_DISCONNECT']);

export function plantReported(readings: PlantReadings, gatewayVersion: string): ReportedState {
  const k = METRIC_KEYS;
  const { inverters, meter, batteries } = readings;
  const reported: ReportedState = { [GATEWAY_KEYS.firmware]: `helio-gateway ${gatewayVersion}` };
  const pvW = sumDefined(inverters.map((i) => i.pvW ?? i.acW));
  const gridW = meter?.gridW;
  const batteryW = sumDefined(batteries.map((b) => b.powerW));
  if (pvW !== undefined) reported[k.pvPower] = round(pvW);
  if (gridW !== undefined) reported[k.gridPower] = round(gridW);
  if (batteryW !== undefined) reported[k.batteryPower] = round(batteryW);
  const soc = stateOfCharge(batteries);
  if (soc !== undefined) reported[k.batterySoc] = soc;
  // The house takes what the sun, the grid and the battery give it.
  if (gridW !== undefined && (pvW !== undefined || inverters.length === 0)) {
    reported[k.loadPower] = Math.max(0, round((pvW ?? 0) + gridW + (batteryW ?? 0)));
  }
  const energyWh = sumDefined(inverters.map((i) => i.energyWh));
  if (energyWh !== undefined) reported[k.pvEnergy] = kwh(energyWh);
  if (meter?.importWh !== undefined) reported[k.gridImportEnergy] = kwh(meter.importWh);
  if (meter?.exportWh !== undefined) reported[k.gridExportEnergy] = kwh(meter.exportWh);
  if (inverters.length > 0) {
    const faulted = inverters.filter((i) => i.faulted);
    reported[k.inverterState] = faulted.length > 0 ? INVERTER_STATES.fault : INVERTER_STATES.running;
    reported[GATEWAY_KEYS.inverterEvents] = [
      ...new Set(faulted.flatMap((i) => (i.events.length > 0 ? i.events : [i.state ?? 'FAULT']))),
    ].join(', ');
  }
  const events = [...(meter?.events ?? []), ...inverters.flatMap((i) => i.events)];
  if (meter || inverters.length > 0) {
    reported[k.gridStatus] = events.some((e) => GRID_DOWN_EVENTS.has(e)) ? GRID_STATUSES.outage : GRID_STATUSES.connected;
  }
  // The meter's voltage only: a sleeping inverter may read 0 V at night, which is no outage.
  if (meter?.phaseV !== undefined) reported[GATEWAY_KEYS.gridVoltage] = round(meter.phaseV, 1);
  const strings = pvStrings(inverters);
  if (strings) reported[GATEWAY_KEYS.pvStrings] = strings;
  const devices: ReportedState = {};
  for (const device of readings.devices) {
    if (device.facts) devices[device.id] = { kind: device.kind, ...device.facts };
  }
  if (Object.keys(devices).length > 0) reported[GATEWAY_KEYS.devices] = devices;
  return reported;
}

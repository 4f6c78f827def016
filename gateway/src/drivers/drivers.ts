// Reading an inverter, a meter or a battery: which of its models to read and what each point means.
import { flagsOf, numberOf, symbolOf, textOf, type GroupReading } from '../sunspec/model-reading';
import type { SunSpecDevice } from '../sunspec/sunspec-device';
import { BATTERY_MODELS, firstOf, INVERTER_MODELS, METER_MODELS, type GatewayDeviceKind } from './device-kind';
import {
  firstDefined,
  signed,
  sumDefined,
  type BatteryReading,
  type DeviceReading,
  type InverterReading,
  type MeterReading,
  type PvString,
  type StorageControl,
} from './readings';

export interface DriverOptions {
  /** The device counts power the other way round (a meter's current transformers turned, a battery counting charge > 0). */
  invert: boolean;
}

const ids = (device: SunSpecDevice) => device.chain.models.map((m) => m.id);

async function root(device: SunSpecDevice, id: number | undefined): Promise<GroupReading | undefined> {
  return id === undefined ? undefined : (await device.read(id))?.root;
}

function pvStrings(mppt: GroupReading | undefined): PvString[] {
  return (mppt?.groups.get('module') ?? []).map((module, i) => ({
    index: i + 1,
    label: textOf(module, 'IDStr'),
    dcW: numberOf(module, 'DCW'),
    dcA: numberOf(module, 'DCA'),
    dcV: numberOf(module, 'DCV'),
  }));
}

const FAULT_STATES = new Set(['FAULT']);

export async function readInverter(device: SunSpecDevice): Promise<InverterReading> {
  const measured = firstOf(ids(device), INVERTER_MODELS);
  if (measured === undefined) throw new Error(`no inverter model (${INVERTER_MODELS.join(', ')}) on this device`);
  const inverter = await root(device, measured);
  const der = measured === 701;
  const strings = pvStrings(await root(device, device.has(160) ? 160 : undefined));
  const nameplate = await root(device, device.has(120) ? 120 : undefined);
  const settings = await root(device, device.has(121) ? 121 : device.has(702) ? 702 : undefined);
  const controls = await root(device, device.has(123) ? 123 : device.has(704) ? 704 : undefined);
  const state = symbolOf(inverter, der ? 'InvSt' : 'St');
  const enabled = symbolOf(controls, device.has(123) ? 'WMaxLim_Ena' : 'WMaxLimPctEna');
  return {
    kind: 'inverter',
    acW: numberOf(inverter, 'W'),
    pvW: firstDefined(sumDefined(strings.map((s) => s.dcW)), numberOf(inverter, 'DCW')),
    energyWh: numberOf(inverter, der ? 'TotWhInj' : 'WH'),
    strings,
    state,
    events: flagsOf(inverter, der ? 'Alrm' : 'Evt1'),
    faulted: state !== undefined && FAULT_STATES.has(state),
    phaseV: firstDefined(numberOf(inverter, 'PhVphA'), numberOf(inverter, 'LNV')),
    hz: numberOf(inverter, 'Hz'),
    wMaxW: firstDefined(numberOf(settings, 'WMax'), numberOf(nameplate, 'WRtg'), numberOf(settings, 'WMaxRtg')),
    limitPct: numberOf(controls, 'WMaxLimPct'),
    limitEnabled: enabled === undefined ? undefined : enabled === 'ENABLED',
  };
}

export async function readMeter(device: SunSpecDevice, options: DriverOptions): Promise<MeterReading> {
  const id = firstOf(ids(device), METER_MODELS);
  if (id === undefined) throw new Error(`no meter model (${METER_MODELS.join(', ')}) on this device`);
  const meter = await root(device, id);
  return {
    kind: 'meter',
    gridW: signed(numberOf(meter, 'W'), options.invert),
    phaseW: ['WphA', 'WphB', 'WphC'].map((p) => signed(numberOf(meter, p), options.invert)),
    // Turned round, the meter's import is the plant's export.
    importWh: numberOf(meter, options.invert ? 'TotWhExp' : 'TotWhImp'),
    exportWh: numberOf(meter, options.invert ? 'TotWhImp' : 'TotWhExp'),
    phaseV: firstDefined(numberOf(meter, 'PhVphA'), numberOf(meter, 'PhV')),
    hz: numberOf(meter, 'Hz'),
    events: flagsOf(meter, 'Evt'),
  };
}

function storageControl(storage: GroupReading | undefined): StorageControl | undefined {
  const bits = storage?.points.get('StorCtl_Mod')?.raw;
  if (typeof bits !== 'number') return undefined;
  const grid = symbolOf(storage, 'ChaGriSet');
  return {
    modeBits: bits & 0b11,
    inRatePct: numberOf(storage, 'InWRte'),
    outRatePct: numberOf(storage, 'OutWRte'),
    gridCharging: grid === undefined ? undefined : grid === 'GRID',
  };
}

/** A battery's own device, or the storage controls (124) of a hybrid inverter. */
export async function readBattery(device: SunSpecDevice, options: DriverOptions): Promise<BatteryReading> {
  if (firstOf(ids(device), BATTERY_MODELS) === undefined) throw new Error(`no battery model (${BATTERY_MODELS.join(', ')}) on this device`);
  const battery = await root(device, device.has(802) ? 802 : undefined);
  const storage = await root(device, device.has(124) ? 124 : undefined);
  const state = symbolOf(battery, 'State');
  const minReserve = numberOf(storage, 'MinRsvPct');
  const socReserve = numberOf(battery, 'SoCRsvMin');
  return {
    kind: 'battery',
    powerW: signed(numberOf(battery, 'W'), options.invert),
    socPct: firstDefined(numberOf(battery, 'SoC'), numberOf(storage, 'ChaState')),
    sohPct: numberOf(battery, 'SoH'),
    state,
    events: flagsOf(battery, 'Evt1'),
    faulted: state === 'FAULT',
    reservePct: firstDefined(minReserve, socReserve),
    reservePoint:
      minReserve !== undefined
        ? { model: 124, point: 'MinRsvPct' }
        : socReserve !== undefined
          ? { model: 802, point: 'SoCRsvMin' }
          : undefined,
    storage: storageControl(storage),
    capacityWh: numberOf(battery, 'WHRtg'),
  };
}

export function readDevice(kind: GatewayDeviceKind, device: SunSpecDevice, options: DriverOptions): Promise<DeviceReading> {
  switch (kind) {
    case 'inverter':
      return readInverter(device);
    case 'meter':
      return readMeter(device, options);
    case 'battery':
      return readBattery(device, options);
  }
}

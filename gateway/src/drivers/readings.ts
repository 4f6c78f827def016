// What the gateway reads of each kind of device, in SI units and Helio's sign conventions: grid power
// import > 0, battery power discharge > 0 (either can be turned round per device in gateway.json).
import { textOf, type GroupReading } from '../sunspec/model-reading';

/** Model 1: who made the device and what it runs. */
export interface DeviceFacts {
  maker: string;
  model: string;
  serial: string;
  firmware: string;
}

export function factsOf(common: GroupReading | undefined): DeviceFacts {
  return {
    maker: textOf(common, 'Mn') ?? '',
    model: textOf(common, 'Md') ?? '',
    serial: textOf(common, 'SN') ?? '',
    firmware: textOf(common, 'Vr') ?? '',
  };
}

/** One MPPT input (model 160's module group). */
export interface PvString {
  /** 1-based position in the model. */
  index: number;
  label?: string;
  dcW?: number;
  dcA?: number;
  dcV?: number;
}

export interface InverterReading {
  kind: 'inverter';
  /** AC output, W. */
  acW?: number;
  /** PV power on the DC side: the strings' sum (model 160), else the inverter's DCW; undefined without either. */
  pvW?: number;
  /** AC energy produced, Wh. */
  energyWh?: number;
  strings: PvString[];
  /** The operating state's SunSpec name (St of 10x/11x, InvSt of 701). */
  state?: string;
  /** Set event flags by their SunSpec names (Evt1, or Alrm of 701). */
  events: string[];
  faulted: boolean;
  phaseV?: number;
  hz?: number;
  /** The power the limit is a percentage of: WMax (121, 702), else the rating (120 WRtg, 702 WMaxRtg). */
  wMaxW?: number;
  /** The active power limit in force: percentage and whether it is enabled (123, or 704). */
  limitPct?: number;
  limitEnabled?: boolean;
}

export interface MeterReading {
  kind: 'meter';
  /** Import > 0, W. */
  gridW?: number;
  phaseW: Array<number | undefined>;
  importWh?: number;
  exportWh?: number;
  phaseV?: number;
  hz?: number;
  events: string[];
}

/** Model 124's storage control as read (the operating mode is derived from it). */
export interface StorageControl {
  /** StorCtl_Mod bits: 1 charge limit in force, 2 discharge limit in force. */
  modeBits: number;
  /** InWRte / OutWRte, % of the maximum rate (negative: the opposite direction). */
  inRatePct?: number;
  outRatePct?: number;
  /** ChaGriSet: may charge from the grid. */
  gridCharging?: boolean;
}

export interface BatteryReading {
  kind: 'battery';
  /** Discharge > 0, W. */
  powerW?: number;
  socPct?: number;
  sohPct?: number;
  /** The battery's state's SunSpec name (802 State). */
  state?: string;
  events: string[];
  faulted: boolean;
  /** The reserve the battery keeps, % (124 MinRsvPct, else 802 SoCRsvMin), and the point that holds it. */
  reservePct?: number;
  reservePoint?: { model: 124; point: 'MinRsvPct' } | { model: 802; point: 'SoCRsvMin' };
  storage?: StorageControl;
  capacityWh?: number;
}

export type DeviceReading = InverterReading | MeterReading | BatteryReading;

export const sumDefined = (values: ReadonlyArray<number | undefined>): number | undefined =>
  values.some((v) => v !== undefined) ? values.reduce<number>((sum, v) => sum + (v ?? 0), 0) : undefined;

export const firstDefined = <T>(...values: Array<T | undefined>): T | undefined => values.find((v) => v !== undefined);

/** Turns a signed power round when the device counts the other way; keeps undefined. */
export const signed = (value: number | undefined, invert: boolean): number | undefined =>
  value === undefined ? undefined : invert ? -value : value;

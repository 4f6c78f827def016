// MeterValues (and StopTransaction's transactionData) as reported keys of the charger's shadow: the
// energy register, the power, the current per phase and the car's state of charge, each in the units
// the plant's keys use (kWh, W, A, %). Values the charger signed (SignedData) or sent in a unit that
// cannot be converted are left out rather than guessed.
import { CHARGER_KEYS } from '@helio/contracts';
import type { MeterValue, SampledValue } from './messages';

export interface MeterReading {
  /** Epoch ms of the meter value's timestamp. */
  ts: number;
  /** Reported keys: EnergyEvTotal (kWh), ActPwrEv (W), EvCurrentL1–3 / EvCurrent (A), EvCarSoc (%)… */
  reported: Record<string, number>;
  /** The energy register, Wh, when the value carried it. */
  energyWh: number | undefined;
}

const SCALE: Record<string, number> = { Wh: 1, kWh: 1000, W: 1, kW: 1000, A: 1, Percent: 1 };

/** The value in base units (Wh, W, A, %), or undefined when it is signed, not a number or in another unit. */
function valueOf(sample: SampledValue, defaultUnit: string): number | undefined {
  if (sample.format === 'SignedData') return undefined;
  const unit = sample.unit ?? defaultUnit;
  const scale = SCALE[unit];
  const value = Number(sample.value);
  if (scale === undefined || sample.value.trim() === '' || !Number.isFinite(value)) return undefined;
  return value * scale;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The total of a measurand: its value without a phase, else the sum of its phase values (L1, L2, L3). */
function total(samples: readonly SampledValue[], measurand: string, unit: string): number | undefined {
  let whole: number | undefined;
  let sum: number | undefined;
  for (const s of samples) {
    if ((s.measurand ?? 'Energy.Active.Import.Register') !== measurand || (s.location ?? 'Outlet') === 'EV') continue;
    const v = valueOf(s, unit);
    if (v === undefined) continue;
    if (s.phase === undefined) whole = v;
    else if (s.phase === 'L1' || s.phase === 'L2' || s.phase === 'L3' || s.phase.endsWith('-N')) sum = (sum ?? 0) + v;
  }
  return whole ?? sum;
}

export function meterReading(meterValue: MeterValue): MeterReading | undefined {
  const ts = Date.parse(meterValue.timestamp);
  if (!Number.isFinite(ts)) return undefined;
  const samples = meterValue.sampledValue;
  const k = CHARGER_KEYS;
  const reported: Record<string, number> = {};
  const energyWh = total(samples, 'Energy.Active.Import.Register', 'Wh');
  if (energyWh !== undefined) reported[k.energy] = round(energyWh / 1000, 3);
  const power = total(samples, 'Power.Active.Import', 'W');
  if (power !== undefined) reported[k.power] = Math.round(power);
  const phaseKeys = { L1: k.currentL1, L2: k.currentL2, L3: k.currentL3 } as const;
  let currentMax: number | undefined;
  let activePhases = 0;
  for (const s of samples) {
    const measurand = s.measurand ?? 'Energy.Active.Import.Register';
    if (measurand === 'Current.Import') {
      const v = valueOf(s, 'A');
      if (v === undefined) continue;
      const phase = (s.phase?.slice(0, 2) ?? '') as keyof typeof phaseKeys | '';
      if (phase !== '' && phase in phaseKeys) {
        reported[phaseKeys[phase]] = round(v, 1);
        if (v >= 1) activePhases++;
      }
      currentMax = Math.max(currentMax ?? 0, v);
    } else if (measurand === 'Current.Offered') {
      const v = valueOf(s, 'A');
      if (v !== undefined) reported[k.currentOffered] = round(v, 1);
    } else if (measurand === 'SoC') {
      const v = valueOf(s, 'Percent');
      if (v !== undefined && v >= 0 && v <= 100) reported[k.carSoc] = round(v, 1);
    }
  }
  if (currentMax !== undefined) reported[k.current] = round(currentMax, 1);
  if (activePhases > 0) reported[k.activePhases] = activePhases;
  return { ts, reported, energyWh };
}

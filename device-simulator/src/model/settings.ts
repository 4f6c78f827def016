// The battery settings a user sets through the shadow (the device contract's writable keys), how a
// gateway takes them from a delta, and what the model makes of them at a given moment.
import { FORCE_CHARGE_OFF, forceChargeActive, writableKeys, type ForceChargeValue } from '@helio/contracts';
import { defaultBatteryControl, OPER_MODES, type BatteryControl, type BatterySpec, type OperMode } from './battery';

export interface BatterySettings {
  socMinPct: number;
  chargeMaxW: number;
  dischargeMaxW: number;
  forceCharge: ForceChargeValue;
}

/** What the gateway applies from a delta; the rest of the plant's state is its own. */
export interface WritableState {
  operMode: OperMode;
  exportLimitW: number;
  battery: BatterySettings;
}

const RULES = writableKeys(OPER_MODES);

export function defaultBatterySettings(spec: BatterySpec | null): BatterySettings {
  const control = spec ? defaultBatteryControl(spec) : null;
  return {
    socMinPct: control?.socMinPct ?? 10,
    chargeMaxW: control?.chargeMaxW ?? 0,
    dischargeMaxW: control?.dischargeMaxW ?? 0,
    forceCharge: FORCE_CHARGE_OFF,
  };
}

/** The settings in force at `now` (epoch ms) and `socPct`: a force charge counts until its end or target. */
export function batteryControlAt(settings: BatterySettings, now: number, socPct: number): BatteryControl {
  const force = settings.forceCharge;
  return {
    socMinPct: settings.socMinPct,
    chargeMaxW: settings.chargeMaxW,
    dischargeMaxW: settings.dischargeMaxW,
    forceChargeTargetPct: forceChargeActive(force, now, socPct) ? force.targetSoc : null,
  };
}

const integerIn = (value: unknown, rule: { min?: number; max?: number }) =>
  typeof value === 'number' && Number.isInteger(value) && value >= (rule.min ?? -Infinity) && value <= (rule.max ?? Infinity);

/** A force charge a device takes: well formed; one whose end has passed is taken too, and does nothing. */
function forceChargeOf(value: unknown): ForceChargeValue | undefined {
  if (value === FORCE_CHARGE_OFF) return FORCE_CHARGE_OFF;
  if (typeof value !== 'object' || value === null) return undefined;
  const { targetSoc, until } = value as Record<string, unknown>;
  const rule = RULES.ForceCharge;
  if (
    rule.kind !== 'forceCharge' ||
    !integerIn(targetSoc, rule.targetSoc) ||
    typeof until !== 'string' ||
    !Number.isFinite(Date.parse(until))
  )
    return undefined;
  return { targetSoc: targetSoc as number, until };
}

/** The state with every valid writable key of a delta applied; invalid values are ignored. */
export function applyDelta<S extends WritableState>(state: S, delta: Record<string, unknown>, hasBattery: boolean): S {
  const next: S = { ...state, battery: { ...state.battery } };
  const { OperMode, ExportLimit, BatSocMin, BatChargeMax, BatDischargeMax, ForceCharge } = delta;
  const rule = (key: 'ExportLimit' | 'BatSocMin' | 'BatChargeMax' | 'BatDischargeMax') => RULES[key] as { min: number; max: number };
  if (typeof OperMode === 'string' && (OPER_MODES as readonly string[]).includes(OperMode)) next.operMode = OperMode as OperMode;
  if (integerIn(ExportLimit, rule('ExportLimit'))) next.exportLimitW = ExportLimit as number;
  if (!hasBattery) return next;
  if (integerIn(BatSocMin, rule('BatSocMin'))) next.battery.socMinPct = BatSocMin as number;
  if (integerIn(BatChargeMax, rule('BatChargeMax'))) next.battery.chargeMaxW = BatChargeMax as number;
  if (integerIn(BatDischargeMax, rule('BatDischargeMax'))) next.battery.dischargeMaxW = BatDischargeMax as number;
  const force = forceChargeOf(ForceCharge);
  if (force !== undefined) next.battery.forceCharge = force;
  return next;
}

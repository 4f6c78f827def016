// Battery in a hybrid inverter. Signs follow the device: power > 0 discharges, < 0 charges.
export const SOC_MIN_PCT = 10;
export const SOC_MAX_PCT = 95;
/** One-way conversion efficiency; a round trip keeps about 90 %. */
export const EFFICIENCY = 0.95;
/** Inverter power relative to capacity (0.5 C: a 10 kWh pack moves 5 kW). */
export const C_RATE = 0.5;

import { OPER_MODES, type OperMode } from '@helio/contracts';

export { OPER_MODES, type OperMode };

export interface BatterySpec {
  capacityKwh: number;
}

/** What a user set on the battery (writable keys): its lowest SoC, power caps, a grid charge's target. */
export interface BatteryControl {
  socMinPct: number;
  chargeMaxW: number;
  dischargeMaxW: number;
  /** SoC a force charge fills to from any source, the grid included; null when none is on. */
  forceChargeTargetPct: number | null;
}

/** The pack's own limits: nothing set by a user. */
export function defaultBatteryControl(spec: BatterySpec): BatteryControl {
  const rated = Math.round(spec.capacityKwh * 1000 * C_RATE);
  return { socMinPct: SOC_MIN_PCT, chargeMaxW: rated, dischargeMaxW: rated, forceChargeTargetPct: null };
}

/** Largest charge (W, ≥ 0) the pack can take for `dtSeconds` without passing `ceilingPct`. */
export function maxChargeW(spec: BatterySpec, socPct: number, dtSeconds: number, ceilingPct = SOC_MAX_PCT): number {
  const roomWh = ((Math.min(SOC_MAX_PCT, ceilingPct) - socPct) / 100) * spec.capacityKwh * 1000;
  const byRoom = roomWh / EFFICIENCY / (dtSeconds / 3600);
  return Math.max(0, Math.floor(Math.min(spec.capacityKwh * 1000 * C_RATE, byRoom)));
}

/** Largest discharge (W, ≥ 0) for `dtSeconds` without passing `floorPct` (never below the pack's own). */
export function maxDischargeW(spec: BatterySpec, socPct: number, dtSeconds: number, floorPct = SOC_MIN_PCT): number {
  const storedWh = ((socPct - Math.max(SOC_MIN_PCT, floorPct)) / 100) * spec.capacityKwh * 1000;
  const byStore = (storedWh * EFFICIENCY) / (dtSeconds / 3600);
  return Math.max(0, Math.floor(Math.min(spec.capacityKwh * 1000 * C_RATE, byStore)));
}

/**
 * Battery power (W, discharge > 0) for the operating mode, given the PV surplus
 * (PV minus all consumption, W; negative is a deficit). Always an integer within the pack's limits and
 * what the user set: the minimum SoC stops discharge there, the power caps bound both directions.
 */
export function batteryPowerW(
  mode: OperMode,
  spec: BatterySpec,
  socPct: number,
  surplusW: number,
  dtSeconds: number,
  control: BatteryControl = defaultBatteryControl(spec),
): number {
  // Charging is negative; written this way so "no charge" is 0, not -0.
  const charging = (watts: number) => (watts > 0 ? -watts : 0);
  const charge = Math.min(maxChargeW(spec, socPct, dtSeconds), Math.max(0, Math.floor(control.chargeMaxW)));
  const discharge = Math.min(maxDischargeW(spec, socPct, dtSeconds, control.socMinPct), Math.max(0, Math.floor(control.dischargeMaxW)));
  if (control.forceChargeTargetPct !== null) {
    // Fills to the target at the allowed rate whatever the sun does; the grid supplies the rest.
    return charging(Math.min(charge, maxChargeW(spec, socPct, dtSeconds, control.forceChargeTargetPct)));
  }
  switch (mode) {
    case 'self-consumption':
      return surplusW >= 0 ? charging(Math.min(Math.floor(surplusW), charge)) : Math.min(Math.floor(-surplusW), discharge);
    case 'backup':
      // Keeps the pack full for outages: fills from surplus, never discharges.
      return surplusW > 0 ? charging(Math.min(Math.floor(surplusW), charge)) : 0;
    case 'force-charge':
      return charging(charge);
    case 'idle':
      return 0;
  }
}

/** State of charge after `powerW` (discharge > 0) flowed for `dtSeconds`, efficiency applied. */
export function nextSocPct(spec: BatterySpec, socPct: number, powerW: number, dtSeconds: number): number {
  const energyWh = powerW * (dtSeconds / 3600);
  const storedDeltaWh = powerW < 0 ? -energyWh * EFFICIENCY : -energyWh / EFFICIENCY;
  // No clamping here: the power limits above are what keep SoC within bounds (a test proves it).
  return socPct + (storedDeltaWh / (spec.capacityKwh * 1000)) * 100;
}

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

/** Largest charge (W, ≥ 0) the pack can take for `dtSeconds` without passing the upper SoC limit. */
export function maxChargeW(spec: BatterySpec, socPct: number, dtSeconds: number): number {
  const roomWh = ((SOC_MAX_PCT - socPct) / 100) * spec.capacityKwh * 1000;
  const byRoom = roomWh / EFFICIENCY / (dtSeconds / 3600);
  return Math.max(0, Math.floor(Math.min(spec.capacityKwh * 1000 * C_RATE, byRoom)));
}

/** Largest discharge (W, ≥ 0) for `dtSeconds` without passing the lower SoC limit. */
export function maxDischargeW(spec: BatterySpec, socPct: number, dtSeconds: number): number {
  const storedWh = ((socPct - SOC_MIN_PCT) / 100) * spec.capacityKwh * 1000;
  const byStore = (storedWh * EFFICIENCY) / (dtSeconds / 3600);
  return Math.max(0, Math.floor(Math.min(spec.capacityKwh * 1000 * C_RATE, byStore)));
}

/**
 * Battery power (W, discharge > 0) for the operating mode, given the PV surplus
 * (PV minus all consumption, W; negative is a deficit). Always an integer within the pack's limits.
 */
export function batteryPowerW(
  mode: OperMode,
  spec: BatterySpec,
  socPct: number,
  surplusW: number,
  dtSeconds: number,
): number {
  // Charging is negative; written this way so "no charge" is 0, not -0.
  const charging = (watts: number) => (watts > 0 ? -watts : 0);
  const charge = maxChargeW(spec, socPct, dtSeconds);
  const discharge = maxDischargeW(spec, socPct, dtSeconds);
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

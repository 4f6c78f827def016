// A charger's settings (mode, phases, current limits, plan slots) and live values, each kept in one
// place only, so nothing copies them back and forth: an OCPP charger's are its row (the charging
// controller reads them every tick and sends the charger its profile), and its live values are its
// own shadow (MeterValues, StatusNotification). A charger carried over from before OCPP that has no
// password yet (the `gateway` driver) is driven by the plant's gateway through the plant's charger
// keys: its settings are those keys (desired, else reported), written as the plant's controls
// (rc/control.ts: command history, pending until the gateway confirms), and its live values are the
// plant's report.
import { CHARGER_KEYS, EV_MODES, EV_PHASES, type ChargerLive, type EvMode, type EvPhases, type OcppChargerView } from '@helio/contracts';
import type { JsonObject, JsonValue } from '../iot/shadows/json';
import type { ShadowDocument } from '../iot/shadows/shadow-doc';
import type { ChargerTable } from './tables';

export type ChargerDriver = OcppChargerView['driver'];

/** A charger without a password cannot speak OCPP: the plant's gateway drives it. */
export const driverOf = (charger: Pick<ChargerTable, 'password_hash'>): ChargerDriver =>
  charger.password_hash === null ? 'gateway' : 'ocpp';

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export interface ChargerSettings {
  mode: EvMode;
  phases: EvPhases;
  minCurrentA: number;
  maxCurrentA: number;
}

/** What the charger obeys now: its row, or for the gateway's charger the plant's keys (what was asked, else what it reports). */
export function settingsOf(charger: ChargerTable, plantShadow: ShadowDocument | undefined): ChargerSettings {
  const own: ChargerSettings = {
    mode: charger.mode,
    phases: charger.phases,
    minCurrentA: charger.min_current_a,
    maxCurrentA: charger.max_current_a,
  };
  if (driverOf(charger) === 'ocpp' || !plantShadow) return own;
  const { desired, reported } = plantShadow.state;
  const pick = (key: string): unknown => (key in desired ? desired[key] : reported[key]);
  const mode = pick(CHARGER_KEYS.mode);
  const phases = pick(CHARGER_KEYS.phases);
  return {
    mode: typeof mode === 'string' && (EV_MODES as readonly string[]).includes(mode) ? (mode as EvMode) : own.mode,
    phases: (EV_PHASES as readonly unknown[]).includes(phases) ? (phases as EvPhases) : own.phases,
    minCurrentA: num(pick(CHARGER_KEYS.minCurrent)) ?? own.minCurrentA,
    maxCurrentA: num(pick(CHARGER_KEYS.maxCurrent)) ?? own.maxCurrentA,
  };
}

/**
 * The live values of the shadow the charger reports into; its solar share from the plant's grid now
 * (an import counted against the car first, as ev/chargers counts it).
 */
export function liveOf(doc: ShadowDocument | undefined, plantShadow: ShadowDocument | undefined): ChargerLive {
  const r: JsonObject = doc?.state.reported ?? {};
  const c = CHARGER_KEYS;
  const connected = typeof r[c.connected] === 'boolean' ? (r[c.connected] as boolean) : null;
  const powerW = num(r[c.power]) ?? 0;
  const grid = num(plantShadow?.state.reported.ActPwrGrid);
  return {
    powerW,
    solarSharePct: powerW > 0 && grid !== null ? Math.round(Math.max(0, Math.min(1, 1 - Math.max(0, grid) / powerW)) * 100) : null,
    currentA: num(r[c.current]) ?? 0,
    activePhases: num(r[c.activePhases]) ?? 0,
    sessionKwh: num(r[c.sessionEnergy]) ?? 0,
    carConnected: connected,
    carSocPct: connected === true ? num(r[c.carSoc]) : null,
    reportedAt: doc && doc.timestamp > 0 ? new Date(doc.timestamp).toISOString() : null,
  };
}

/** The plant keys a change of a gateway's charger's settings writes; plan slots before the mode that uses them. */
export function plantKeysOf(change: Partial<ChargerSettings> & { planSlots?: [number, number][] }): Array<[string, JsonValue]> {
  const keys: Array<[string, JsonValue]> = [];
  if (change.planSlots !== undefined) keys.push([CHARGER_KEYS.planSlots, change.planSlots]);
  if (change.minCurrentA !== undefined) keys.push([CHARGER_KEYS.minCurrent, change.minCurrentA]);
  if (change.maxCurrentA !== undefined) keys.push([CHARGER_KEYS.maxCurrent, change.maxCurrentA]);
  if (change.phases !== undefined) keys.push([CHARGER_KEYS.phases, change.phases]);
  if (change.mode !== undefined) keys.push([CHARGER_KEYS.mode, change.mode]);
  return keys;
}

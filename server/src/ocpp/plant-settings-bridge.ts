// Until the /ev pages set a charger's settings themselves (phase 2), they write the plant's desired
// keys as before (EvMode, EvMinCurrent, EvMaxCurrent, EvPhases, EvPlanSlots): each such write is
// carried to the plant's first charger, whose settings the charging controller obeys. The plant's
// gateway echoes the keys as before, so the page's pending → confirmed works unchanged.
import { CHARGER_KEYS, EV_MODES, EV_PHASES, type EvMode, type EvPhases } from '@helio/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { jsonEqual, type JsonObject } from '../devices/shadows/json';
import type { ShadowChange, ShadowStore } from '../devices/shadows/shadow-store';
import { ocppDb, type ChargerTable } from './tables';

const KEYS = [CHARGER_KEYS.mode, CHARGER_KEYS.minCurrent, CHARGER_KEYS.maxCurrent, CHARGER_KEYS.phases, CHARGER_KEYS.planSlots] as const;

/** The charger columns a plant's changed desired keys set (values the key's rule refuses are left out). */
export function settingsChange(previous: JsonObject, desired: JsonObject, hwMaxA: number): Partial<ChargerTable> {
  const changed = (key: string) => key in desired && !jsonEqual(previous[key], desired[key]);
  const set: Partial<ChargerTable> = {};
  const mode = desired[CHARGER_KEYS.mode];
  if (changed(CHARGER_KEYS.mode) && typeof mode === 'string' && (EV_MODES as readonly string[]).includes(mode)) set.mode = mode as EvMode;
  const amps = (key: string) => {
    const value = desired[key];
    return changed(key) && typeof value === 'number' && Number.isInteger(value) ? Math.max(6, Math.min(hwMaxA, value)) : undefined;
  };
  const min = amps(CHARGER_KEYS.minCurrent);
  const max = amps(CHARGER_KEYS.maxCurrent);
  if (min !== undefined) set.min_current_a = min;
  if (max !== undefined) set.max_current_a = max;
  const phases = desired[CHARGER_KEYS.phases];
  if (changed(CHARGER_KEYS.phases) && (EV_PHASES as readonly unknown[]).includes(phases)) set.phases = phases as EvPhases;
  const slots = desired[CHARGER_KEYS.planSlots];
  if (changed(CHARGER_KEYS.planSlots) && Array.isArray(slots)) set.plan_slots = JSON.stringify(slots);
  return set;
}

export function bridgePlantSettings(db: Kysely<Database>, shadows: ShadowStore, onError: (error: unknown) => void): () => void {
  const carry = async (change: ShadowChange) => {
    const o = ocppDb(db);
    const first = await o
      .selectFrom('chargers')
      .innerJoin('plants', 'plants.id', 'chargers.plant_id')
      .select(['chargers.id', 'chargers.hw_max_current_a'])
      .where('plants.thing_name', '=', change.thingName)
      .orderBy('chargers.created_at')
      .orderBy('chargers.id')
      .executeTakeFirst();
    if (!first) return;
    const set = settingsChange(change.previous.state.desired, change.doc.state.desired, first.hw_max_current_a);
    if (Object.keys(set).length > 0) await o.updateTable('chargers').set(set).where('id', '=', first.id).execute();
  };
  return shadows.onChange((change) => {
    const before = change.previous.state.desired;
    const after = change.doc.state.desired;
    if (!KEYS.some((key) => key in after && !jsonEqual(before[key], after[key]))) return;
    carry(change).catch(onError);
  });
}

// Today's PV production of every plant of a tenant, from the day roll-ups: "today" is the plant's own
// day on its wall clock (its time zone), and the whole fleet is one query, not one per plant.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { calendarOf } from './calendar';

export const PRODUCTION_METRIC = 'ActPwrPve';
/** A day begins at most 25 hours (a day the clocks fall back) before any instant of it. */
const LONGEST_DAY_MS = 25 * 3_600_000;

/** kWh produced since the start of each plant's day, by plant id; a plant with no data today is absent. */
export function todayProductionKwh(
  db: Kysely<Database>,
  tenantId: string,
  now = Date.now(),
  onlyPlantId?: string,
): Promise<Map<string, number>> {
  return todayEnergyKwh(db, tenantId, PRODUCTION_METRIC, now, onlyPlantId);
}

/**
 * Where today began for the plants of a tenant, by their time zones (a handful): a query can then pick
 * each plant's own day roll-up by its time zone, for any number of plants.
 */
export async function todayBucketsByZone(db: Kysely<Database>, tenantId: string, now = Date.now()): Promise<Map<string, number>> {
  const zones = await db.selectFrom('plants').select('timezone').distinct().where('tenant_id', '=', tenantId).execute();
  return new Map(zones.map(({ timezone }) => [timezone, calendarOf(timezone).bucketStart('day', now)]));
}

/** kWh of a power metric (ActPwr*, W) since the start of each plant's day, by plant id. */
export async function todayEnergyKwh(
  db: Kysely<Database>,
  tenantId: string,
  metric: string,
  now = Date.now(),
  onlyPlantId?: string,
): Promise<Map<string, number>> {
  let query = db
    .selectFrom('metric_rollups')
    .innerJoin('plants', 'plants.thing_name', 'metric_rollups.thing_name')
    .select(['plants.id', 'plants.timezone', 'metric_rollups.bucket', 'metric_rollups.energy_wh'])
    .where('plants.tenant_id', '=', tenantId)
    .where('metric_rollups.granularity', '=', 'day')
    .where('metric_rollups.metric_key', '=', metric)
    .where('metric_rollups.bucket', '>', now - LONGEST_DAY_MS);
  if (onlyPlantId !== undefined) query = query.where('plants.id', '=', onlyPlantId);
  const rows = await query.execute();
  const today = new Map<string, number>();
  for (const row of rows) {
    // Yesterday's bucket of a plant further east can fall in the window too: keep only its own today.
    if (Number(row.bucket) === calendarOf(row.timezone).bucketStart('day', now)) today.set(row.id, Number(row.energy_wh) / 1000);
  }
  return today;
}

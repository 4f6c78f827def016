// plant/list and plant/active: the caller's plants by name, searched and cut by the database (the
// listing columns), so the console's plant switcher needs a few dozen plants of a fleet of any size,
// and the plant every page shows is found without the list.
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { visiblePlants } from '../iot/registry/fleet-query';
import type { Plant } from '@helio/contracts';
import { findTenantPlant, type PlantCaller, type PlantRow } from './access';
import { searchPattern } from './listing-columns';

type PlantColumns =
  | 'id'
  | 'name'
  | 'thing_name'
  | 'location'
  | 'latitude'
  | 'longitude'
  | 'timezone'
  | 'pv_peak_kw'
  | 'battery_kwh'
  | 'charger_kw'
  | 'grid_export_limit_kw';

/** A plant as the API answers it (plant/list, plant/active, the fleet's pages). */
export function toPlant(row: Pick<PlantRow, PlantColumns>): Plant {
  return {
    id: row.id,
    name: row.name,
    thingName: row.thing_name,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    timezone: row.timezone,
    pvPeakKw: row.pv_peak_kw,
    batteryKwh: row.battery_kwh,
    chargerKw: row.charger_kw,
    gridExportLimitKw: row.grid_export_limit_kw,
  };
}

/** The caller's plants in Czech name order: those whose name, location or thing name holds `search`, at most `limit`. */
export async function listPlants(
  db: Kysely<Database>,
  caller: PlantCaller,
  { search, limit }: { search?: string; limit?: number } = {},
): Promise<Plant[]> {
  let query = visiblePlants(db, caller)
    .select(['plants.id', 'plants.name', 'plants.thing_name', 'plants.location', 'plants.latitude', 'plants.longitude'])
    .select(['plants.timezone', 'plants.pv_peak_kw', 'plants.battery_kwh', 'plants.charger_kw', 'plants.grid_export_limit_kw'])
    .orderBy('plants.name_sort')
    .orderBy('plants.id');
  if (search !== undefined && search.trim() !== '') {
    const pattern = searchPattern(search);
    query = query.where(
      sql<SqlBool>`(plants.name_search like ${pattern} escape '\\' or plants.location_search like ${pattern} escape '\\' or plants.thing_name like ${pattern} escape '\\')`,
    );
  }
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map(toPlant);
}

/** The stored active plant while the caller may see it, else their first plant by name, else null. */
export async function activePlant(db: Kysely<Database>, caller: PlantCaller, plantId: string | null): Promise<Plant | null> {
  const kept = plantId === null ? undefined : await findTenantPlant(db, caller, plantId);
  if (kept) return toPlant(kept);
  const [first] = await listPlants(db, caller, { limit: 1 });
  return first ?? null;
}

// The tenant's plants as the registry and the fleet list them, in one SQL query whatever the fleet's
// size: only the plants the caller may see (plants/access.ts), filtered by name, tag and gateway
// status, with each plant's gateway report (shadows/gateway-reports.ts) and today's production
// (series/tables.ts day_production) joined, sortable by every column of the plants table. The
// database computes the gateway status (registry.ts gatewayStatus: online while the last report is at
// most GATEWAY_OFFLINE_MS old, unless the broker says the gateway is disconnected); the broker's word
// lives in this process's memory and comes in as the list of disconnected gateways.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { GATEWAY_OFFLINE_MS } from '../../notifications/conditions';
import { accessiblePlantIds, seesEveryPlant, type PlantCaller } from '../../plants/access';
import { searchPattern } from '../../plants/listing-columns';
import { todayBucketsByZone } from '../../series/today-energy';
import type { FleetSortColumn, GatewayStatus } from '@helio/contracts';
import type { GatewayConnectionsView } from '../mqtt/gateway-status';

export interface FleetFilter {
  id?: string;
  thingName?: string;
  /** Part of the name, case and diacritics ignored. */
  name?: string;
  status?: GatewayStatus;
  tag?: string;
}

export interface FleetContext {
  db: Kysely<Database>;
  caller: PlantCaller;
  gateways: GatewayConnectionsView;
  now: number;
}

/** The broker said nothing about any gateway (the device services do not run here). */
export const NO_GATEWAYS: GatewayConnectionsView = { connectionOf: () => undefined, disconnected: () => [] };

/** The tenant's plants the caller may see (plants/access.ts): every one for administrators. */
export function visiblePlants(db: Kysely<Database>, caller: PlantCaller) {
  const query = db.selectFrom('plants').where('plants.tenant_id', '=', caller.tenantId);
  return seesEveryPlant(caller) ? query : query.where('plants.id', 'in', accessiblePlantIds(db, caller));
}

/** 1 when the plant's gateway is online, else 0 (plants joined with their gateway reports). */
function onlineFlag({ db, gateways, now }: FleetContext): RawBuilder<number> {
  const recent = sql<SqlBool>`coalesce(gateway_reports.last_reported_at, 0) >= ${now - GATEWAY_OFFLINE_MS}`;
  const gone = gateways.disconnected();
  if (gone.length === 0) return sql<number>`case when ${recent} then 1 else 0 end`;
  const disconnected = isPostgres(db)
    ? sql<SqlBool>`plants.thing_name = any(${[...gone]}::text[])`
    : sql<SqlBool>`plants.thing_name in (select value from json_each(${JSON.stringify(gone)}))`;
  return sql<number>`case when ${recent} and not ${disconnected} then 1 else 0 end`;
}

/**
 * The caller's plants matching the filter, joined with their gateway reports (`gateway_reports.*`),
 * their gateway login (`gateway_credentials.username`) and today's production
 * (`today.energy_wh`, each plant's own day); select, sort and cut it with the helpers below.
 */
export async function fleetQuery(context: FleetContext, filter: FleetFilter = {}) {
  const { db, caller, now } = context;
  const todayByZone = await todayBucketsByZone(db, caller.tenantId, now);
  // A tenant without plants has no time zones: no roll-up can be today's.
  const zones = todayByZone.size > 0 ? [...todayByZone] : [['UTC', -1] as const];
  const online = onlineFlag(context);
  let query = visiblePlants(db, caller)
    .leftJoin('gateway_reports', 'gateway_reports.thing_name', 'plants.thing_name')
    .leftJoin('gateway_credentials', 'gateway_credentials.plant_id', 'plants.id')
    .leftJoin('day_production as today', (join) =>
      join
        .onRef('today.thing_name', '=', 'plants.thing_name')
        // Each plant's newest day counts when it is its own today (its time zone's).
        .on(
          sql<SqlBool>`today.bucket = case plants.timezone ${sql.join(
            zones.map(([zone, bucket]) => sql`when ${zone} then cast(${bucket} as bigint)`),
            sql` `,
          )} end`,
        ),
    );
  if (filter.id !== undefined) query = query.where('plants.id', '=', filter.id);
  if (filter.thingName !== undefined) query = query.where('plants.thing_name', '=', filter.thingName);
  if (filter.name !== undefined && filter.name.trim() !== '')
    query = query.where(sql<SqlBool>`plants.name_search like ${searchPattern(filter.name)} escape '\\'`);
  const tag = filter.tag;
  if (tag !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('plant_tags')
          .select('plant_tags.plant_id')
          .whereRef('plant_tags.plant_id', '=', 'plants.id')
          .where('plant_tags.tag_id', '=', tag),
      ),
    );
  }
  if (filter.status !== undefined) query = query.where(sql<SqlBool>`${online} = ${filter.status === 'online' ? 1 : 0}`);
  return { query, online };
}

export type FleetQuery = Awaited<ReturnType<typeof fleetQuery>>;

/** The sort of the plants table: by a column (nulls as the smallest), then by name, then by id so pages never overlap. */
export function fleetOrder({ query, online }: FleetQuery, column: FleetSortColumn = 'name', descending = false) {
  const direction = descending ? sql`desc` : sql`asc`;
  const by = {
    name: sql`plants.name_sort`,
    location: sql`plants.location_sort`,
    pvPeakKw: sql`plants.pv_peak_kw`,
    batteryKwh: sql`coalesce(plants.battery_kwh, -1)`,
    todayEnergyKwh: sql`coalesce(today.energy_wh, -1)`,
    status: online,
  }[column];
  return query
    .orderBy(sql`${by} ${direction}`)
    .orderBy('plants.name_sort')
    .orderBy('plants.id');
}

/**
 * The ids of one page of the sorted fleet (`size` plants after the first `skip`), for the page's
 * query to keep (`where plants.id in …`) with the same sort. Joined rows are then read for the page
 * alone: PostgreSQL leaves out the left joins the sort and the filter do not use, so picking the
 * middle page of 100 out of 10,003 plants by name walks the name index (5 ms) instead of joining and
 * sorting every plant first (52 ms).
 */
export function fleetPageIds(fleet: FleetQuery, size: number, skip: number, column?: FleetSortColumn, descending?: boolean) {
  return fleetOrder(fleet, column, descending).select('plants.id').limit(size).offset(skip);
}

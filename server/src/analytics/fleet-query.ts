// The few queries behind every analytics page, whatever the fleet's size: the visible plants with
// their tags, the energy-counter roll-ups of all of them in one range read, their alerts, and the spot
// prices. Plants are chosen by a subquery (tenant, plant access, tags), never by a list of ids.
import type { Kysely } from 'kysely';
import { ENERGY_COUNTERS } from '@helio/contracts';
import type { Database } from '../db/schema';
import { accessiblePlantIds, seesEveryPlant, type PlantCaller } from '../plants/access';
import type { RollupGranularity } from '../series/calendar';
import { pricesBetween, type SpotPrice } from '../spot/spot-store';
import { spotDb } from '../spot/tables';

export interface FleetPlant {
  id: string;
  name: string;
  thingName: string;
  timezone: string;
  latitude: number;
  longitude: number;
  tiltDeg: number | null;
  azimuthDeg: number | null;
  pvPeakKw: number;
  exportLimitKw: number | null;
  tariffPerKwh: number | null;
  tariffCurrency: string;
  createdAt: number;
  tagIds: string[];
}

export interface CounterRow {
  thing_name: string;
  metric_key: string;
  bucket: number;
  value_min: number;
  value_max: number;
  last_value: number;
}

export interface AlertSpan {
  plant_id: string;
  kind: string;
  started_at: string;
  ended_at: string | null;
}

/** What the period's figures are read over. */
export interface FleetScope {
  caller: PlantCaller;
  tagIds?: readonly string[];
  /** Only this plant (the plant benchmark reads its own hours). */
  plantId?: string;
}

/** The counters the figures use: the balance without the battery. */
export const FIGURE_COUNTERS = ENERGY_COUNTERS.filter((key) => key !== 'EnergyBatChargeTotal' && key !== 'EnergyBatDischargeTotal');

function visiblePlants(db: Kysely<Database>, { caller, tagIds, plantId }: FleetScope) {
  let query = db.selectFrom('plants').where('plants.tenant_id', '=', caller.tenantId);
  if (!seesEveryPlant(caller)) query = query.where('plants.id', 'in', accessiblePlantIds(db, caller));
  if (tagIds && tagIds.length > 0)
    query = query.where(
      'plants.id',
      'in',
      db
        .selectFrom('plant_tags')
        .select('plant_tags.plant_id')
        .where('plant_tags.tag_id', 'in', [...tagIds]),
    );
  if (plantId) query = query.where('plants.id', '=', plantId);
  return query;
}

export async function listFleet(db: Kysely<Database>, scope: FleetScope): Promise<FleetPlant[]> {
  const rows = await visiblePlants(db, scope)
    .select([
      'plants.id',
      'plants.name',
      'plants.thing_name',
      'plants.timezone',
      'plants.latitude',
      'plants.longitude',
      'plants.tilt_deg',
      'plants.azimuth_deg',
      'plants.pv_peak_kw',
      'plants.grid_export_limit_kw',
      'plants.tariff_price_per_kwh',
      'plants.tariff_currency',
      'plants.created_at',
    ])
    .orderBy('plants.name')
    .execute();
  const tags = await db
    .selectFrom('plant_tags')
    .select(['plant_tags.plant_id', 'plant_tags.tag_id'])
    .where('plant_tags.plant_id', 'in', visiblePlants(db, scope).select('plants.id'))
    .execute();
  const tagsOf = new Map<string, string[]>();
  for (const { plant_id, tag_id } of tags) tagsOf.set(plant_id, [...(tagsOf.get(plant_id) ?? []), tag_id]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    thingName: row.thing_name,
    timezone: row.timezone,
    latitude: row.latitude,
    longitude: row.longitude,
    tiltDeg: row.tilt_deg,
    azimuthDeg: row.azimuth_deg,
    pvPeakKw: row.pv_peak_kw,
    exportLimitKw: row.grid_export_limit_kw,
    tariffPerKwh: row.tariff_price_per_kwh,
    tariffCurrency: row.tariff_currency,
    createdAt: Date.parse(row.created_at),
    tagIds: tagsOf.get(row.id) ?? [],
  }));
}

function counterRange(db: Kysely<Database>, scope: FleetScope, granularity: RollupGranularity, from: number, to: number) {
  return db
    .selectFrom('metric_rollups')
    .where('thing_name', 'in', visiblePlants(db, scope).select('plants.thing_name'))
    .where('granularity', '=', granularity)
    .where('metric_key', 'in', FIGURE_COUNTERS)
    .where('bucket', '>=', from)
    .where('bucket', '<', to);
}

/** Every visible plant's counter buckets of one size in [from, to), ordered by plant, counter and time. */
export async function readCounterRows(
  db: Kysely<Database>,
  scope: FleetScope,
  granularity: RollupGranularity,
  from: number,
  to: number,
): Promise<CounterRow[]> {
  return counterRange(db, scope, granularity, from, to)
    .select(['thing_name', 'metric_key', 'bucket', 'value_min', 'value_max', 'last_value'])
    .orderBy('thing_name')
    .orderBy('metric_key')
    .orderBy('bucket')
    .execute();
}

/**
 * What changes whenever a row of the range does: every stored sample adds to a bucket's count and
 * moves its last reading, and a plant coming into or out of sight adds or takes away its rows.
 */
export async function counterFingerprint(
  db: Kysely<Database>,
  scope: FleetScope,
  granularity: RollupGranularity,
  from: number,
  to: number,
): Promise<string> {
  const row = await counterRange(db, scope, granularity, from, to)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('rows'),
      eb.fn.sum<number | string | null>('sample_count').as('samples'),
      eb.fn.max<number | string | null>('last_ts').as('latest'),
      eb.fn.sum<number | string | null>('last_value').as('readings'),
    ])
    .executeTakeFirst();
  return `${row?.rows}|${row?.samples}|${row?.latest}|${row?.readings}`;
}

/**
 * The first day in [from, to) each visible plant reported production, one index seek per plant in one
 * statement: a month bucket's clear-sky expectation starts then, not at the month's start.
 */
export async function readFirstReadingDays(
  db: Kysely<Database>,
  scope: FleetScope,
  from: number,
  to: number,
): Promise<Map<string, number>> {
  const rows = await visiblePlants(db, scope)
    .select((eb) => [
      'plants.thing_name',
      eb
        .selectFrom('metric_rollups')
        .select('metric_rollups.bucket')
        .whereRef('metric_rollups.thing_name', '=', 'plants.thing_name')
        .where('metric_rollups.granularity', '=', 'day')
        .where('metric_rollups.metric_key', '=', 'EnergyPveTotal')
        .where('metric_rollups.bucket', '>=', from)
        .where('metric_rollups.bucket', '<', to)
        .orderBy('metric_rollups.bucket')
        .limit(1)
        .as('first_day'),
    ])
    .execute();
  return new Map(rows.filter((row) => row.first_day !== null).map((row) => [row.thing_name, Number(row.first_day)]));
}

/** Every alert of a visible plant that was open at some time in [from, to). */
export async function readAlertSpans(db: Kysely<Database>, scope: FleetScope, from: number, to: number): Promise<AlertSpan[]> {
  return db
    .selectFrom('alerts')
    .select(['plant_id', 'kind', 'started_at', 'ended_at'])
    .where('tenant_id', '=', scope.caller.tenantId)
    .where('plant_id', 'in', visiblePlants(db, scope).select('plants.id'))
    .where('started_at', '<', new Date(to).toISOString())
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', new Date(from).toISOString())]))
    .execute();
}

/** The prices the caller's organisation sees: its own uploaded ones where it has them, else the area's. */
export function readSpotPrices(db: Kysely<Database>, scope: FleetScope, area: string, from: number, to: number): Promise<SpotPrice[]> {
  return pricesBetween(spotDb(db), { area, tenantId: scope.caller.tenantId }, from, to);
}

/** Hours in [from, to) in which the plant exported at (98 % of) its export limit or more. */
export async function hoursAtExportLimit(
  db: Kysely<Database>,
  thingName: string,
  limitKw: number,
  from: number,
  to: number,
): Promise<number> {
  const row = await db
    .selectFrom('metric_rollups')
    .select((eb) => eb.fn.countAll<number | string>().as('hours'))
    .where('thing_name', '=', thingName)
    .where('granularity', '=', 'hour')
    .where('metric_key', '=', 'ActPwrGrid')
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    // The grid meter reads exports as negative watts.
    .where('value_min', '<=', -0.98 * limitKw * 1000)
    .executeTakeFirst();
  return Number(row?.hours ?? 0);
}

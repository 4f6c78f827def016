// Every visible plant's figures over a period in a handful of queries, whatever the number of plants:
// the plants, their tags, all their counter buckets in one range read (older buckets from memory while
// a fingerprint says they are unchanged, closed-counters.ts), their alerts, the spot prices, and for
// month buckets the day each plant first reported in the period.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AnalyticsConfig } from './analytics-config';
import type { KeptCounters } from './closed-counters';
import {
  listFleet,
  readAlertSpans,
  readFirstReadingDays,
  readSpotPrices,
  type AlertSpan,
  type CounterRow,
  type FleetScope,
} from './fleet-query';
import { zoneBounds, type ResolvedPeriod, type ZoneBounds } from './period';
import { plantPeriod, type PlantPeriod } from './plant-figures';
import { SpotIndex } from './spot-index';

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** What the fleet's figures are read from: the database, the analytics settings and the kept counter rows. */
export interface FleetSource {
  db: Kysely<Database>;
  config: AnalyticsConfig;
  counters: KeptCounters;
}

export async function fleetPeriod(
  { db, config, counters }: FleetSource,
  scope: FleetScope,
  period: ResolvedPeriod,
  now = Date.now(),
): Promise<PlantPeriod[]> {
  const plants = await listFleet(db, scope);
  if (plants.length === 0) return [];
  const boundsOf = new Map<string, ZoneBounds>();
  for (const zone of new Set(plants.map((plant) => plant.timezone))) boundsOf.set(zone, zoneBounds(period, zone));
  const all = [...boundsOf.values()];
  const from = Math.min(...all.map((b) => b.baseStart));
  const to = Math.max(...all.map((b) => b.end));
  const periodStart = Math.min(...all.map((b) => b.start));
  const [rows, spans, prices, firstDays] = await Promise.all([
    counters.rows(scope, period.granularity, from, to, now),
    readAlertSpans(db, scope, from, Math.min(to, now)),
    readSpotPrices(db, scope, config.spotArea, from, to),
    period.granularity === 'month' ? readFirstReadingDays(db, scope, periodStart, to) : Promise.resolve(new Map<string, number>()),
  ]);
  const rowsOf = groupBy<CounterRow>(rows, (row) => row.thing_name);
  // Kept and fresh rows arrive in two parts: each plant's rows in counter, then time order.
  for (const own of rowsOf.values())
    own.sort((a, b) => (a.metric_key < b.metric_key ? -1 : a.metric_key > b.metric_key ? 1 : a.bucket - b.bucket));
  const spansOf = groupBy<AlertSpan>(spans, (span) => span.plant_id);
  const ctx = { now, spot: new SpotIndex(prices), eurCzk: config.eurCzk };
  return plants.map((plant) =>
    plantPeriod(plant, rowsOf.get(plant.thingName) ?? [], spansOf.get(plant.id) ?? [], boundsOf.get(plant.timezone) as ZoneBounds, {
      ...ctx,
      firstReadingAt: firstDays.get(plant.thingName),
    }),
  );
}

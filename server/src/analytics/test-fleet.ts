// Test fleets for the analytics routes: plants with counter roll-ups written straight into
// metric_rollups (as the roll-up writer leaves them), so figures can be checked to the kWh.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { zoneBounds, resolvePeriod } from './period';
import { plantListingColumns } from '../plants/listing-columns';

export const ZONE = 'Europe/Prague';

/** Writes a counter's buckets: `perBucket` kWh in every bucket, starting from `base` in the bucket before. */
export async function writeCounter(
  db: Kysely<Database>,
  thingName: string,
  metricKey: string,
  granularity: 'hour' | 'day' | 'month',
  buckets: readonly number[],
  perBucket: number,
  base = 1000,
): Promise<void> {
  let reading = base;
  const rows = buckets.map((bucket) => {
    const first = reading;
    reading += perBucket;
    return {
      thing_name: thingName,
      granularity,
      metric_key: metricKey,
      bucket,
      sample_count: 2,
      value_sum: first + reading,
      value_min: first,
      value_max: reading,
      last_ts: bucket + 1000,
      last_value: reading,
      energy_wh: 0,
    };
  });
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('metric_rollups')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** The day buckets of June 2025 in Prague, with the last day of May before them. */
export function juneDays(): { base: number; days: number[] } {
  const bounds = zoneBounds(resolvePeriod({ kind: 'month', from: '2025-06-01' }), ZONE);
  return { base: bounds.baseStart, days: bounds.buckets };
}

export async function insertFleetPlant(
  db: Kysely<Database>,
  tenantId: string,
  name: string,
  pvPeakKw: number,
  extra: Partial<{ tariff_price_per_kwh: number; grid_export_limit_kw: number }> = {},
) {
  const id = randomUUID();
  const thingName = `an-${name}-${id.slice(0, 6)}`;
  await db
    .insertInto('plants')
    .values({
      id,
      tenant_id: tenantId,
      name,
      thing_name: thingName,
      location: 'Brno',
      ...plantListingColumns({ name, location: 'Brno' }),
      latitude: 49.2,
      longitude: 16.6,
      timezone: ZONE,
      pv_peak_kw: pvPeakKw,
      battery_kwh: null,
      charger_kw: null,
      created_at: '2025-01-01T00:00:00.000Z',
      ...extra,
    })
    .execute();
  return { id, thingName };
}

/** A plant that produced `producedPerDay` kWh, used 8, imported 3 and exported the rest on every June day. */
export async function writeJune(db: Kysely<Database>, thingName: string, producedPerDay: number): Promise<void> {
  const { base, days } = juneDays();
  const all = [base, ...days];
  await writeCounter(db, thingName, 'EnergyPveTotal', 'day', all, producedPerDay);
  await writeCounter(db, thingName, 'EnergyLoadTotal', 'day', all, 8);
  await writeCounter(db, thingName, 'EnergyGridImportTotal', 'day', all, 3);
  await writeCounter(db, thingName, 'EnergyGridExportTotal', 'day', all, producedPerDay - 5);
  // The month roll-ups of May (the base) and June, as the roll-up writer keeps them beside the days.
  const months = zoneBounds(resolvePeriod({ kind: 'year', from: '2025-01-01' }), ZONE).buckets.slice(4, 6);
  await writeCounter(db, thingName, 'EnergyPveTotal', 'month', months, 30 * producedPerDay);
}

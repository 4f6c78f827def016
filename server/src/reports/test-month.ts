// A month of a demo plant for the report tests: day roll-ups of June 2025 with a different production
// every day (so the best and worst days are single days), June 2024 for the comparison, hourly spot
// prices, an alert and a day-ahead forecast for one day, all written as the writers leave them.
import type { Kysely } from 'kysely';
import { resolvePeriod, zoneBounds } from '../analytics/period';
import { writeCounter } from '../analytics/test-fleet';
import type { Database } from '../db/schema';
import { insertForecast } from '../forecast/store';
import { spotDb } from '../spot/tables';

export const ZONE = 'Europe/Prague';
const HOUR_MS = 3_600_000;

/** The day's figures of June 2025, day index 0–29: production, import and export (kWh). */
export function juneDay(i: number) {
  const produced = 20 + ((i * 7) % 31); // 20–50, each day its own
  const imported = 2 + (i % 4);
  const exported = Math.round(produced * 0.6 * 10) / 10;
  const consumed = produced - exported + imported;
  return { produced, imported, exported, consumed };
}

/** Mean EUR/MWh of a June day (the hours' prices are 60 + the hour of the day + the day index). */
export const juneDayPrice = (i: number) => 60 + 11.5 + i;

async function writeDays(
  db: Kysely<Database>,
  thing: string,
  metric: string,
  base: number,
  days: readonly number[],
  values: readonly number[],
) {
  let reading = 5000;
  const rows = [base, ...days].map((bucket, i) => {
    const first = reading;
    reading += i === 0 ? 10 : (values[i - 1] ?? 0);
    return {
      thing_name: thing,
      granularity: 'day' as const,
      metric_key: metric,
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
  await db.insertInto('metric_rollups').values(rows).execute();
}

export async function writeDemoJune(db: Kysely<Database>, plant: { id: string; tenant_id: string; thing_name: string }, area: string) {
  const june = zoneBounds(resolvePeriod({ kind: 'month', from: '2025-06-01' }), ZONE);
  const figures = june.buckets.map((_, i) => juneDay(i));
  const counters = {
    EnergyPveTotal: 'produced',
    EnergyLoadTotal: 'consumed',
    EnergyGridImportTotal: 'imported',
    EnergyGridExportTotal: 'exported',
  } as const;
  for (const [metric, figure] of Object.entries(counters))
    await writeDays(
      db,
      plant.thing_name,
      metric,
      june.baseStart,
      june.buckets,
      figures.map((d) => d[figure]),
    );
  // June 2024: 25 kWh produced, 10 used, 3 imported and 18 exported a day
  const before = zoneBounds(resolvePeriod({ kind: 'month', from: '2024-06-01' }), ZONE);
  const all = [before.baseStart, ...before.buckets];
  await writeCounter(db, plant.thing_name, 'EnergyPveTotal', 'day', all, 25);
  await writeCounter(db, plant.thing_name, 'EnergyLoadTotal', 'day', all, 10);
  await writeCounter(db, plant.thing_name, 'EnergyGridImportTotal', 'day', all, 3);
  await writeCounter(db, plant.thing_name, 'EnergyGridExportTotal', 'day', all, 18);

  const prices = june.buckets.flatMap((day, i) =>
    Array.from({ length: 24 }, (_, h) => ({
      area,
      starts_at: new Date(day + h * HOUR_MS).toISOString(),
      minutes: 60,
      eur_mwh: 60 + h + i,
      source: 'import',
      updated_at: new Date().toISOString(),
    })),
  );
  for (let i = 0; i < prices.length; i += 200)
    await spotDb(db)
      .insertInto('spot_prices')
      .values(prices.slice(i, i + 200))
      .execute();

  await db
    .insertInto('alerts')
    .values({
      id: `report-alert-${plant.id}`,
      tenant_id: plant.tenant_id,
      plant_id: plant.id,
      kind: 'gatewayOffline',
      severity: 'critical',
      started_at: new Date(june.buckets[9] as number).toISOString(),
      ended_at: new Date((june.buckets[9] as number) + 2 * HOUR_MS).toISOString(),
      details: '{}',
    })
    .execute();

  // The forecast issued the hour before 11 June: 1 kW all day, 24 kWh.
  const day = june.buckets[10] as number;
  const flat = (w: number) => Array.from({ length: 192 }, () => w);
  await insertForecast(db, {
    plantId: plant.id,
    slot: day - HOUR_MS,
    issuedAt: new Date(day - HOUR_MS).toISOString(),
    source: 'offline',
    weatherFailure: null,
    bandsFrom: 'history',
    performanceFactor: 1,
    reconstructed: false,
    series: {
      clear: flat(1000),
      pv: flat(1000),
      pvP10: flat(900),
      pvP90: flat(1100),
      load: flat(500),
      loadP10: flat(400),
      loadP90: flat(600),
    },
  });
  return { days: june.buckets, figures };
}

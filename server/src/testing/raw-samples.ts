// A thing's raw samples of one key as the tables hold them, for tests that count what was stored: the
// sample rows and the report rows' samples alike, each as often as it is stored (the readers in
// series/stored-samples.ts would show a time stored twice once).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { keyNeedle, reportHas, reportValue } from '../series/report-rows';

export async function rawSamplesOf(db: Kysely<Database>, thingName: string, metricKey: string): Promise<{ ts: number; value: number }[]> {
  const rows = await db
    .selectFrom('metric_samples')
    .select(['ts', 'value'])
    .where('thing_name', '=', thingName)
    .where('metric_key', '=', metricKey)
    .execute();
  const reports = await db
    .selectFrom('metric_reports')
    .select(['ts', 'metric_keys', 'metric_values'])
    .where('thing_name', '=', thingName)
    .where(reportHas(db, 'metric_keys', keyNeedle(metricKey)))
    .execute();
  return [
    ...rows.map((r) => ({ ts: Number(r.ts), value: Number(r.value) })),
    ...reports.map((r) => ({ ts: Number(r.ts), value: reportValue(r, metricKey)! })),
  ].sort((a, b) => a.ts - b.ts);
}

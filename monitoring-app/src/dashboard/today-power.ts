// Today's power chart of the dashboard: which metrics it draws, the plant's day so far, and the
// API's rows (one per metric and bucket) as uPlot's aligned columns.
import { startOfPlantDay, type Granularity, type MetricKey, type TimeSeriesRow } from '@helio/shared-utils';

/** PV, load, grid (import > 0) and battery (discharge > 0), in the order the chart draws them. */
export const TODAY_POWER_METRICS = ['ActPwrPve', 'ActPwrLoad', 'ActPwrGrid', 'ActPwrBat'] as const satisfies readonly MetricKey[];
export type TodayPowerMetric = (typeof TODAY_POWER_METRICS)[number];

export const TODAY_POWER_GRANULARITY: Granularity = '15m';
/** The chart grows as the day goes on: the rows are asked for again every minute. */
export const TODAY_POWER_REFRESH_MS = 60_000;

export interface PlantDay {
  /** epoch ms of the plant's local midnight */
  since: number;
  /** epoch ms of the request */
  until: number;
}

export function plantDaySoFar(timeZone: string, now: number): PlantDay {
  return { since: startOfPlantDay(timeZone, now), until: now };
}

/** x in seconds (every bucket any metric has, ascending), then one column per metric, null where it has no bucket. */
export type TodayColumns = [number[], ...(number | null)[][]];

export function todayColumns(rows: readonly TimeSeriesRow[], metrics: readonly string[]): TodayColumns {
  const byTime = new Map<number, Map<string, number>>();
  for (const row of rows) {
    const seconds = Date.parse(row.time) / 1000;
    const values = byTime.get(seconds) ?? new Map<string, number>();
    values.set(row.metricKey, row.avg);
    byTime.set(seconds, values);
  }
  const times = [...byTime.keys()].sort((a, b) => a - b);
  return [times, ...metrics.map((metric) => times.map((time) => byTime.get(time)?.get(metric) ?? null))];
}

/** The metrics the plant has: the battery only when it has one, and only those the gateway reported today. */
export function chartedMetrics(rows: readonly TimeSeriesRow[], hasBattery: boolean): TodayPowerMetric[] {
  const reported = new Set(rows.map((row) => row.metricKey));
  return TODAY_POWER_METRICS.filter((metric) => reported.has(metric) && (metric !== 'ActPwrBat' || hasBattery));
}

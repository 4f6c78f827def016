// A drain's buckets for PostgreSQL's upsert, folded: a metric's hour, day and month buckets of one
// drain mostly hold the same figures (the same samples, merged in the same order), and they differ only
// where the drain crosses the hour's start or a hold reaches back over it. On PostgreSQL every number
// of the upsert goes as text (row-columns.ts: one array literal a column), and turning them into text
// was most of what building a drain's upserts cost the leader (bench/rollup-drain.js): 750,000 buckets,
// 11 columns, for a fleet's 10,000 plants. Buckets that agree are sent once with their three buckets,
// and PostgreSQL makes the three rows (SeriesWriter.writeRollupsOf).
import { ROLLUP_GRANULARITIES } from './calendar';
import type { ThingRollups } from './pending-rollups';
import type { Rollup } from './rollup';
import type { MetricRollupTable } from './tables';

/** A bucket as a row of metric_rollups. */
export type RollupRow = MetricRollupTable;

/** A metric's hour, day and month buckets holding the same figures: one row, three buckets. */
export type FoldedRow = Omit<RollupRow, 'granularity' | 'bucket'> & { hour_bucket: number; day_bucket: number; month_bucket: number };

export function rollupRow(thingName: string, r: Rollup): RollupRow {
  return {
    thing_name: thingName,
    granularity: r.granularity,
    metric_key: r.metricKey,
    bucket: r.bucket,
    sample_count: r.count,
    value_sum: r.sum,
    value_min: r.min,
    value_max: r.max,
    last_ts: r.lastTs,
    last_value: r.last,
    energy_wh: r.energyWh,
  };
}

const sameFigures = (a: Rollup, b: Rollup) =>
  a.count === b.count &&
  a.sum === b.sum &&
  a.min === b.min &&
  a.max === b.max &&
  a.lastTs === b.lastTs &&
  a.last === b.last &&
  a.energyWh === b.energyWh;

/** The buckets as folded rows where a metric's three agree, and as rows of their own where not. */
export function foldRollups(things: readonly ThingRollups[]): { folded: FoldedRow[]; rows: RollupRow[] } {
  const folded: FoldedRow[] = [];
  const rows: RollupRow[] = [];
  for (const { thingName, rollups } of things) {
    const byKey = new Map<string, Rollup[]>();
    for (const r of rollups) {
      const list = byKey.get(r.metricKey);
      if (list) list.push(r);
      else byKey.set(r.metricKey, [r]);
    }
    for (const list of byKey.values()) {
      const [hour, day, month] = ROLLUP_GRANULARITIES.map((g) => list.find((r) => r.granularity === g));
      if (list.length === 3 && hour && day && month && sameFigures(hour, day) && sameFigures(hour, month))
        folded.push({
          thing_name: thingName,
          metric_key: hour.metricKey,
          hour_bucket: hour.bucket,
          day_bucket: day.bucket,
          month_bucket: month.bucket,
          sample_count: hour.count,
          value_sum: hour.sum,
          value_min: hour.min,
          value_max: hour.max,
          last_ts: hour.lastTs,
          last_value: hour.last,
          energy_wh: hour.energyWh,
        });
      else for (const r of list) rows.push(rollupRow(thingName, r));
    }
  }
  return { folded, rows };
}

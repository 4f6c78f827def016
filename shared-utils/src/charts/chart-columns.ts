// Time-series rows as uPlot's columns; apart from the chart so that using it loads no i18n or uPlot.
import type { TimeSeriesRow } from '../api/endpoints';

/** uPlot's columnar data: x in seconds, then average, minimum and maximum per bucket. */
export type ChartColumns = [number[], number[], number[], number[]];

export function chartColumns(rows: readonly TimeSeriesRow[]): ChartColumns {
  const columns: ChartColumns = [[], [], [], []];
  for (const row of rows) {
    columns[0].push(Date.parse(row.time) / 1000);
    columns[1].push(row.avg);
    columns[2].push(row.min);
    columns[3].push(row.max);
  }
  return columns;
}

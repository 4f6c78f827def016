// A metric's rows as a chart and as a CSV: one place decides the columns, so the export holds
// exactly the rows the API answered and the table shows, written as every export writes (times in the
// plant's clock with its offset, values at the metric's precision; shared-utils csv-values).
import { csvFileName, csvMetricNumber, csvNumber, plantTimestamp, toCsv, type TimeSeriesRow } from '@helio/shared-utils';

export const CSV_COLUMNS = ['time', 'metricKey', 'avg', 'min', 'max', 'last', 'count', 'energyKwh'] as const;

export function seriesCsv(rows: readonly TimeSeriesRow[], timeZone: string): string {
  return toCsv(
    CSV_COLUMNS,
    rows.map((row) => [
      plantTimestamp(Date.parse(row.time), timeZone),
      row.metricKey,
      csvMetricNumber(row.avg, row.metricKey),
      csvMetricNumber(row.min, row.metricKey),
      csvMetricNumber(row.max, row.metricKey),
      csvMetricNumber(row.last, row.metricKey),
      row.count,
      csvNumber(row.energyKwh, 'kWh'),
    ]),
  );
}

/** File name of an export: plant, metric and granularity, then the plant-local days it holds (`end` exclusive). */
export function seriesFileName(
  plantName: string,
  metricKey: string,
  start: Date,
  end: Date,
  granularity: string,
  timeZone: string,
): string {
  return csvFileName([plantName, metricKey, granularity], start.getTime(), end.getTime(), timeZone);
}

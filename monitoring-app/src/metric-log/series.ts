// A metric's rows as a chart and as a CSV: one place decides the columns, so the export holds
// exactly the rows the API answered and the table shows.
import { toCsv, type TimeSeriesRow } from '@helio/shared-utils';

export const CSV_COLUMNS = ['time', 'metricKey', 'avg', 'min', 'max', 'last', 'count', 'energyKwh'] as const;

export function seriesCsv(rows: readonly TimeSeriesRow[]): string {
  return toCsv(
    CSV_COLUMNS,
    rows.map((row) => CSV_COLUMNS.map((column) => row[column])),
  );
}

/** File name of an export: plant, metric, range and granularity, safe on every file system. */
export function csvFileName(plantName: string, metricKey: string, start: Date, end: Date, granularity: string): string {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const safe = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-');
  return `${safe(plantName)}_${safe(metricKey)}_${day(start)}_${day(end)}_${granularity}.csv`.replace(/-+_/g, '_');
}

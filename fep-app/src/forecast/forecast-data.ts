// Pure shaping of the forecast for the chart and the CSV files (written as every export writes: times in
// the plant's clock with its offset, values at their unit's precision, files named by their days).
import { csvFileName, csvFileNameOfDays, csvNumber, plantTimestamp, toCsv } from '@helio/shared-utils';
import type { ForecastAccuracy, PlantForecast } from '@helio/contracts';

/** x (s), PV, PV p10, PV p90, load, surplus, surplus p10, surplus p90 — kW. */
export type ForecastColumns = [number[], number[], number[], number[], number[], number[], number[], number[]];

const kw = (watts: number) => Math.round(watts) / 1000;

export function forecastColumns(points: PlantForecast['points']): ForecastColumns {
  const columns: ForecastColumns = [[], [], [], [], [], [], [], []];
  for (const p of points) {
    columns[0].push(Date.parse(p.time) / 1000);
    columns[1].push(kw(p.pvW));
    columns[2].push(kw(p.pvP10W));
    columns[3].push(kw(p.pvP90W));
    columns[4].push(kw(p.loadW));
    columns[5].push(kw(p.surplusW));
    columns[6].push(kw(p.surplusP10W));
    columns[7].push(kw(p.surplusP90W));
  }
  return columns;
}

export function accuracyCsv(accuracy: ForecastAccuracy, timeZone: string): string {
  return toCsv(
    ['date', 'issuedAt', 'reconstructed', 'forecastKwh', 'actualKwh', 'maeKw', 'nmaePct', 'persistenceMaeKw', 'skill'],
    accuracy.days.map((d) => [
      d.date,
      d.issuedAt === null ? null : plantTimestamp(Date.parse(d.issuedAt), timeZone),
      d.reconstructed ? 'yes' : 'no',
      csvNumber(d.forecastKwh, 'kWh'),
      csvNumber(d.actualKwh, 'kWh'),
      csvNumber(d.maeKw, 'kW'),
      csvNumber(d.nmaePct, '%'),
      csvNumber(d.persistenceMaeKw, 'kW'),
      csvNumber(d.skill, ''),
    ]),
  );
}

/** `forecast-accuracy_<thing>_<first day>_<last day>.csv`: the days compared. */
export function accuracyFileName(accuracy: ForecastAccuracy, thingName: string): string {
  const dates = accuracy.days.map((d) => d.date).sort();
  const first = dates[0] ?? '';
  return csvFileNameOfDays(['forecast-accuracy', thingName], first, dates.at(-1) ?? first);
}

export function forecastCsv(forecast: PlantForecast): string {
  const w = (watts: number) => csvNumber(watts, 'W');
  return toCsv(
    ['time', 'pvW', 'pvP10W', 'pvP90W', 'loadW', 'loadP10W', 'loadP90W', 'surplusW', 'surplusP10W', 'surplusP90W'],
    forecast.points.map((p) => [
      plantTimestamp(Date.parse(p.time), forecast.timeZone),
      w(p.pvW),
      w(p.pvP10W),
      w(p.pvP90W),
      w(p.loadW),
      w(p.loadP10W),
      w(p.loadP90W),
      w(p.surplusW),
      w(p.surplusP10W),
      w(p.surplusP90W),
    ]),
  );
}

/** `forecast_<thing>_<first day>[_<last day>].csv`: the plant-local days its points cover. */
export function forecastFileName(forecast: PlantForecast, thingName: string): string {
  const times = forecast.points.map((p) => Date.parse(p.time));
  const first = times.length > 0 ? Math.min(...times) : 0;
  return csvFileName(['forecast', thingName], first, (times.length > 0 ? Math.max(...times) : first) + 1, forecast.timeZone);
}

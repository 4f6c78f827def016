// Pure shaping of the forecast for the chart and the CSV files.
import { toCsv } from '@helio/shared-utils';
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

export function accuracyCsv(accuracy: ForecastAccuracy): string {
  return toCsv(
    ['date', 'issuedAt', 'reconstructed', 'forecastKwh', 'actualKwh', 'maeKw', 'nmaePct', 'persistenceMaeKw', 'skill'],
    accuracy.days.map((d) => [
      d.date,
      d.issuedAt,
      d.reconstructed ? 'yes' : 'no',
      d.forecastKwh,
      d.actualKwh,
      d.maeKw,
      d.nmaePct,
      d.persistenceMaeKw,
      d.skill,
    ]),
  );
}

export function forecastCsv(forecast: PlantForecast): string {
  return toCsv(
    ['time', 'pvW', 'pvP10W', 'pvP90W', 'loadW', 'loadP10W', 'loadP90W', 'surplusW', 'surplusP10W', 'surplusP90W'],
    forecast.points.map((p) => [
      p.time,
      p.pvW,
      p.pvP10W,
      p.pvP90W,
      p.loadW,
      p.loadP10W,
      p.loadP90W,
      p.surplusW,
      p.surplusP10W,
      p.surplusP90W,
    ]),
  );
}

// forecast/get and forecast/accuracy: a plant's PV, load and surplus for the next 48 hours as last
// issued, and how the forecasts issued the day before compared with what happened.
import { Type, type Static } from '@sinclair/typebox';
import { FORECAST_ACCURACY_MAX_DAYS, FORECAST_BEST_HOURS, FORECAST_POINTS, FORECAST_SOURCES, WEATHER_FAILURES } from '../limits/forecast';
import { endpoint, Id, Nullable, NullableEnum, strict, StringEnum, type EndpointTypes, access } from './common';

const IsoTime = Type.String({ maxLength: 40 });

/** One 15-minute step; powers in W (surplus may be negative: more load than PV). */
export const ForecastPoint = Type.Object({
  time: IsoTime,
  pvW: Type.Number(),
  pvP10W: Type.Number(),
  pvP90W: Type.Number(),
  loadW: Type.Number(),
  loadP10W: Type.Number(),
  loadP90W: Type.Number(),
  surplusW: Type.Number(),
  surplusP10W: Type.Number(),
  surplusP90W: Type.Number(),
});
export type ForecastPoint = Static<typeof ForecastPoint>;

export const BestHour = Type.Object({
  start: IsoTime,
  end: IsoTime,
  /** 'surplus': own PV left over; 'price': the cheapest grid energy among the remaining hours. */
  reason: StringEnum(['surplus', 'price'] as const),
  surplusKwh: Type.Number(),
  /** Spot price of the hour, CZK/kWh, when known. */
  priceCzkKwh: Nullable(Type.Number()),
});
export type BestHour = Static<typeof BestHour>;

export const PlantForecast = Type.Object({
  plantId: Type.String({ maxLength: 100 }),
  /** When the forecast shown was issued; null: none issued yet. */
  issuedAt: Nullable(IsoTime),
  source: NullableEnum(FORECAST_SOURCES),
  /** Set when a weather service is configured but failed, so the offline model made this forecast. */
  weatherFailure: NullableEnum(WEATHER_FAILURES),
  /** 'errors': bands from this plant's past forecast errors; 'history': from the spread of its recent days. */
  bandsFrom: NullableEnum(['errors', 'history'] as const),
  /** Learned share of the clear-sky output the plant really delivers. */
  performanceFactor: Nullable(Type.Number()),
  peakKw: Type.Number(),
  timeZone: Type.String({ maxLength: 64 }),
  stepMinutes: Type.Integer(),
  points: Type.Array(ForecastPoint, { maxItems: FORECAST_POINTS }),
  tomorrow: Nullable(
    Type.Object({ date: Type.String({ maxLength: 10 }), pvKwh: Type.Number(), loadKwh: Type.Number(), surplusKwh: Type.Number() }),
  ),
  bestHours: Type.Array(BestHour, { maxItems: FORECAST_BEST_HOURS }),
});
export type PlantForecast = Static<typeof PlantForecast>;

export const AccuracyDay = Type.Object({
  date: Type.String({ maxLength: 10 }),
  /** The forecast compared: the last one issued before the day began; null: none was. */
  issuedAt: Nullable(IsoTime),
  /** The forecast was rebuilt from history for a day before the plant's first real issue, not kept as issued. */
  reconstructed: Type.Boolean(),
  forecastKwh: Nullable(Type.Number()),
  actualKwh: Nullable(Type.Number()),
  /** Mean absolute error of hourly PV power, kW. */
  maeKw: Nullable(Type.Number()),
  /** MAE as % of the plant's peak power. */
  nmaePct: Nullable(Type.Number()),
  /** MAE of persistence (the day before, hour by hour), kW. */
  persistenceMaeKw: Nullable(Type.Number()),
  /** 1 − MAE / persistence MAE; positive: better than persistence. */
  skill: Nullable(Type.Number()),
});
export type AccuracyDay = Static<typeof AccuracyDay>;

export const ForecastAccuracy = Type.Object({
  plantId: Type.String({ maxLength: 100 }),
  peakKw: Type.Number(),
  days: Type.Array(AccuracyDay, { maxItems: FORECAST_ACCURACY_MAX_DAYS }),
  /** Over every compared day. */
  maeKw: Nullable(Type.Number()),
  nmaePct: Nullable(Type.Number()),
  skill: Nullable(Type.Number()),
});
export type ForecastAccuracy = Static<typeof ForecastAccuracy>;

export const forecastEndpoints = {
  'forecast/get': endpoint(
    Type.Object({ plantId: Id }, strict),
    PlantForecast,
    access('metrics:read', { module: 'fep', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'forecast/accuracy': endpoint(
    Type.Object({ plantId: Id, days: Type.Optional(Type.Integer({ minimum: 1, maximum: FORECAST_ACCURACY_MAX_DAYS })) }, strict),
    ForecastAccuracy,
    access('metrics:read', { module: 'fep', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
};
export type ForecastEndpoints = EndpointTypes<typeof forecastEndpoints>;

// metric/list and metric/time-series: a plant's stored metrics and their buckets.
import { Type, type Static } from '@sinclair/typebox';
import { GRANULARITIES, MAX_SERIES_KEYS } from '../limits/series';
import { endpoint, Id, Nullable, strict, StringEnum, type EndpointTypes, access } from './common';
import { ThingName } from './devices';

const Instant = Type.String({ format: 'date-time', maxLength: 40 });

/** One stored metric of a plant. */
export const MetricListRow = Type.Object({
  metricKey: Type.String(),
  unit: Nullable(Type.String()),
  lastValue: Type.Number(),
  lastTime: Type.String(),
});
export type MetricListRow = Static<typeof MetricListRow>;

/** metric/time-series' pgParams: every id is required; nothing falls back to a default plant or date. */
export const TimeSeriesParams = Type.Object(
  {
    tenantId: Id,
    gatewayId: ThingName,
    plantId: Id,
    metricKeys: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { minItems: 1, maxItems: MAX_SERIES_KEYS, uniqueItems: true }),
    ),
    startTime: Instant,
    endTime: Instant,
    granularity: Type.Optional(StringEnum(GRANULARITIES)),
  },
  strict,
);
export type TimeSeriesParams = Static<typeof TimeSeriesParams>;

/** One bucket of one metric; energyKwh is the energy of a power metric (ActPwr*, W) over the bucket, else null. */
export const TimeSeriesRow = Type.Object({
  time: Type.String(),
  metricKey: Type.String(),
  avg: Type.Number(),
  min: Type.Number(),
  max: Type.Number(),
  last: Type.Number(),
  count: Type.Integer(),
  energyKwh: Nullable(Type.Number()),
});
export type TimeSeriesRow = Static<typeof TimeSeriesRow>;

export const seriesEndpoints = {
  'metric/list': endpoint(
    Type.Object({ plant: Id }, strict),
    Type.Object({ rows: Type.Array(MetricListRow) }),
    access('metrics:read', { tenantResources: [{ field: 'plant', kind: 'plant' }] }),
  ),
  'metric/time-series': endpoint(
    Type.Object({ pgParams: TimeSeriesParams }, strict),
    Type.Object({ rows: Type.Array(TimeSeriesRow) }),
    access('metrics:read'),
  ),
};
export type SeriesEndpoints = EndpointTypes<typeof seriesEndpoints>;

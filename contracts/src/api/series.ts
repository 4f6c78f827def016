// metric/list and metric/time-series: a plant's stored metrics and their buckets.
import { Type, type Static } from '@sinclair/typebox';
import { GRANULARITIES, MAX_SERIES_KEYS, SERIES_TIERS, TIER_DAYS_MAX, TIER_DAYS_MIN } from '../limits/series';
import { endpoint, Id, NoBody, Nullable, strict, StringEnum, type EndpointTypes, access } from './common';
import { ThingName } from './iot';

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

/** One retention tier: how long it is kept, and what the retention job last measured of it. */
export const SeriesTierView = Type.Object({
  tier: StringEnum(SERIES_TIERS),
  retentionDays: Type.Integer(),
  /** The server's configured default (RAW_RETENTION_DAYS, ROLLUP_RETENTION_DAYS); `custom` when an operator set another. */
  defaultDays: Type.Integer(),
  custom: Type.Boolean(),
  /** Samples (raw) or buckets stored; null before the first measurement. */
  rows: Nullable(Type.Integer()),
  /** Bytes on disk, tables and indexes; shared tables split by rows; null where the engine cannot tell. */
  bytes: Nullable(Type.Integer()),
  oldest: Nullable(Type.String()),
  newest: Nullable(Type.String()),
  measuredAt: Nullable(Type.String()),
});
export type SeriesTierView = Static<typeof SeriesTierView>;

export const SeriesTiersAnswer = Type.Object({ tiers: Type.Array(SeriesTierView) });
export type SeriesTiersAnswer = Static<typeof SeriesTiersAnswer>;

export const SetSeriesTierRequest = Type.Object(
  { tier: StringEnum(SERIES_TIERS), retentionDays: Type.Integer({ minimum: TIER_DAYS_MIN, maximum: TIER_DAYS_MAX }) },
  strict,
);
export type SetSeriesTierRequest = Static<typeof SetSeriesTierRequest>;

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
  /** The server's retention tiers (all organisations' data): only the organisation that runs the console. */
  'series/tiers': endpoint(NoBody, SeriesTiersAnswer, access('series:manage')),
  /** Sets one tier's age; a coarser tier is never kept shorter than a finer one (TierOrder). */
  'series/tiers/set': endpoint(SetSeriesTierRequest, SeriesTiersAnswer, access('series:manage')),
};
export type SeriesEndpoints = EndpointTypes<typeof seriesEndpoints>;

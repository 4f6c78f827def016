// analytics/overview, analytics/benchmark and analytics/benchmark/plant: fleet figures of a period
// over the plants the caller may see, computed on the server from the energy-counter roll-ups.
import { Type, type Static } from '@sinclair/typebox';
import { ANALYTICS_PERIOD_KINDS, BENCHMARK_METRICS, MAX_ANALYTICS_TAGS, SIZE_CLASSES } from '../limits/analytics';
import { endpoint, Id, Nullable, strict, StringEnum, type EndpointTypes, access } from './common';

const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, examples: ['2025-06-01'] });
const Kwh = Type.Number();
const NullableNumber = Nullable(Type.Number());
const Granularity = StringEnum(['hour', 'day', 'month'] as const);
const MetricSchema = StringEnum(BENCHMARK_METRICS);
const SizeClassSchema = StringEnum(SIZE_CLASSES);

/** The period on each plant's own calendar: a day, the month or the year holding `from`, or `from`–`to` inclusive. */
export const AnalyticsPeriod = Type.Object({ kind: StringEnum(ANALYTICS_PERIOD_KINDS), from: IsoDate, to: Type.Optional(IsoDate) }, strict);
export type AnalyticsPeriod = Static<typeof AnalyticsPeriod>;

const ResolvedPeriod = Type.Object({ kind: StringEnum(ANALYTICS_PERIOD_KINDS), from: IsoDate, to: IsoDate, granularity: Granularity });
const TagFilter = Type.Array(Id, { maxItems: MAX_ANALYTICS_TAGS, uniqueItems: true });

export const AlertTally = Type.Object({ kind: Type.String(), count: Type.Integer(), hours: Type.Number() });
export type AlertTally = Static<typeof AlertTally>;

export const MoneySaved = Type.Object({
  currency: Type.String(),
  amount: Type.Number(),
  /** How many plants were priced by their own tariff and how many by the spot price. */
  tariffPlants: Type.Integer(),
  spotPlants: Type.Integer(),
  /** Energy with neither a tariff nor a spot price for its time. */
  unpricedKwh: Kwh,
});
export type MoneySaved = Static<typeof MoneySaved>;

/** One plant's figures over the period. */
export const PlantFigures = Type.Object({
  id: Type.String(),
  name: Type.String(),
  pvPeakKw: Type.Number(),
  sizeClass: SizeClassSchema,
  produced: Kwh,
  consumed: Kwh,
  selfConsumed: Kwh,
  imported: Kwh,
  exported: Kwh,
  /** kWh/kWp */
  specificYield: NullableNumber,
  /** Clear-sky expectation over the buckets since the plant's first reading of the period. */
  expectedKwh: Kwh,
  performanceRatioPct: NullableNumber,
  availabilityPct: NullableNumber,
  offlineHours: Type.Number(),
  alertCount: Type.Integer(),
});
export type PlantFigures = Static<typeof PlantFigures>;

const Totals = Type.Object({
  produced: Kwh,
  consumed: Kwh,
  selfConsumed: Kwh,
  imported: Kwh,
  exported: Kwh,
  selfConsumptionPct: NullableNumber,
  autarkyPct: NullableNumber,
  pvPeakKw: Type.Number(),
  specificYield: NullableNumber,
  expectedKwh: Kwh,
  performanceRatioPct: NullableNumber,
  availabilityPct: NullableNumber,
  co2AvoidedKg: Type.Number(),
});

export const TrendBucket = Type.Object({ start: Type.Number(), produced: Kwh, consumed: Kwh, imported: Kwh, exported: Kwh, expected: Kwh });
export type TrendBucket = Static<typeof TrendBucket>;

const Method = Type.Object({
  co2KgPerKwh: Type.Number(),
  spotArea: Type.String({ maxLength: 20 }),
  eurCzk: Type.Number(),
});

const Quartiles = Nullable(Type.Object({ q1: Type.Number(), median: Type.Number(), q3: Type.Number() }));
export const RankedPlant = Type.Composite([
  PlantFigures,
  Type.Object({ rank: Nullable(Type.Integer()), quartile: Nullable(Type.Integer()), tagIds: Type.Array(Type.String(), { maxItems: 200 }) }),
]);
export type RankedPlant = Static<typeof RankedPlant>;

export const PeerMonth = Type.Object({
  month: Type.String({ maxLength: 7 }),
  start: Type.Number(),
  value: NullableNumber,
  p25: NullableNumber,
  median: NullableNumber,
  p75: NullableNumber,
  peers: Type.Integer(),
});
export type PeerMonth = Static<typeof PeerMonth>;

export const analyticsEndpoints = {
  'analytics/overview': endpoint(
    Type.Object({ period: AnalyticsPeriod, tagIds: Type.Optional(TagFilter) }, strict),
    Type.Object({
      period: ResolvedPeriod,
      plantCount: Type.Integer(),
      totals: Totals,
      money: Type.Array(MoneySaved, { maxItems: 4 }),
      alerts: Type.Array(AlertTally, { maxItems: 50 }),
      trend: Type.Array(TrendBucket, { maxItems: 2000 }),
      top: Type.Array(PlantFigures, { maxItems: 20 }),
      bottom: Type.Array(PlantFigures, { maxItems: 20 }),
      method: Method,
    }),
    access('metrics:read', { module: 'analytics' }),
  ),
  'analytics/benchmark': endpoint(
    Type.Object(
      { period: AnalyticsPeriod, metric: MetricSchema, tagIds: Type.Optional(TagFilter), sizeClass: Type.Optional(SizeClassSchema) },
      strict,
    ),
    Type.Object({
      period: ResolvedPeriod,
      metric: MetricSchema,
      quartiles: Quartiles,
      plants: Type.Array(RankedPlant, { maxItems: 20_000 }),
    }),
    access('metrics:read', { module: 'analytics' }),
  ),
  'analytics/benchmark/plant': endpoint(
    Type.Object({ plantId: Id, metric: MetricSchema, year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })) }, strict),
    Type.Object({
      year: Type.Integer(),
      metric: MetricSchema,
      plant: RankedPlant,
      peerCount: Type.Integer(),
      sizeClass: SizeClassSchema,
      months: Type.Array(PeerMonth, { maxItems: 12 }),
      drags: Type.Object({
        offlineHours: Type.Number(),
        availabilityPct: NullableNumber,
        alerts: Type.Array(AlertTally, { maxItems: 50 }),
        exportLimitKw: NullableNumber,
        hoursAtExportLimit: Type.Integer(),
        peerMedianPerformanceRatioPct: NullableNumber,
      }),
    }),
    access('metrics:read', { module: 'analytics', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
};
export type AnalyticsEndpoints = EndpointTypes<typeof analyticsEndpoints>;

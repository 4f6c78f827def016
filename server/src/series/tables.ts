// Time-series roll-ups and packed blocks (Kysely types). Raw samples of the open hour are rows of
// `metric_reports`, a row a report; late ones stay in `metric_samples` (iot/tables.ts).
import type { RollupGranularity } from './calendar';

/** One hour, day or month of one metric: count, sum (for the mean), extremes, last value, energy. */
export interface MetricRollupTable {
  thing_name: string;
  granularity: RollupGranularity;
  metric_key: string;
  /** Epoch ms at which the bucket begins on the plant's wall clock. */
  bucket: number;
  sample_count: number;
  value_sum: number;
  value_min: number;
  value_max: number;
  last_ts: number;
  last_value: number;
  /** Power metrics (ActPwr*, W): energy over the bucket, Wh, each sample holding since the one before. */
  energy_wh: number;
}

/**
 * Each thing's newest day of PV production (its day roll-up of PRODUCTION_METRIC), kept by triggers on
 * metric_rollups (series/migrations/060-day-production.ts): fleet lists sum and sort today's production from these
 * ~100 pages instead of one page of the roll-ups per plant.
 */
export interface DayProductionTable {
  thing_name: string;
  /** The day's bucket (the plant's own day); a reader compares it with today's. */
  bucket: number;
  energy_wh: number;
}

/**
 * One closed UTC hour, or day, of one raw series, packed (block-codec.ts) by the packing job
 * (series-packer.ts): its samples are here or in metric_samples, never twice to a reader.
 */
export interface MetricBlockTable {
  thing_name: string;
  metric_key: string;
  /** Epoch ms at which the UTC hour or day begins. */
  period_start: number;
  /** Epoch ms at which it ends: a block holds the samples of [period_start, period_end). */
  period_end: number;
  sample_count: number;
  first_ts: number;
  last_ts: number;
  /** The packed samples (a Buffer from either driver). */
  data: Uint8Array;
}

/** A 1- or 15-minute bucket kept past its raw samples (retention-tiers.ts compacts them): metric_rollups' columns. */
export interface MetricFineRollupTable extends Omit<MetricRollupTable, 'granularity' | 'last_ts'> {
  granularity: '1m' | '15m';
}

/** A tier's age as an operator set it (a tier without a row keeps the configured default). */
export interface SeriesTierTable {
  tier: string;
  retention_days: number;
  updated_at: number;
  updated_by: string | null;
}

/** What the retention job last measured of a tier. */
export interface SeriesTierSizeTable {
  tier: string;
  row_count: number;
  /** null where the engine cannot tell. */
  bytes: number | null;
  oldest: number | null;
  newest: number | null;
  measured_at: number;
}

/** 082_rollup_journal: a batch's stored samples, until the drain merges their roll-ups (rollup-journal.ts). */
export interface RollupJournalTable {
  id: string;
  created_at: number;
  /** JSON: [thing, [[metric key, time, value, previous time or null], …]][] */
  samples: string;
}

/**
 * 083_metric_reports: the samples of one report (one thing, one time) of the open hour, as one row; the
 * packing job moves them into metric_blocks with metric_samples' (stored-samples.ts reads both).
 */
export interface MetricReportTable {
  thing_name: string;
  ts: number;
  /** '\n' + the keys joined by '\n' + '\n' (no key holds a '\n': such a sample is a metric_samples row). */
  metric_keys: string;
  /** A float64, little-endian, a key in the keys' order (a Buffer from either driver). */
  metric_values: Uint8Array;
  sample_count: number;
}

export interface SeriesTables {
  metric_reports: MetricReportTable;
  metric_rollups: MetricRollupTable;
  day_production: DayProductionTable;
  metric_blocks: MetricBlockTable;
  metric_fine_rollups: MetricFineRollupTable;
  series_tiers: SeriesTierTable;
  series_tier_sizes: SeriesTierSizeTable;
  rollup_journal: RollupJournalTable;
}

// Writes time series: raw samples and their roll-ups, merged into the stored buckets in the same
// statement (so late samples and concurrent writers add up). It runs on the executor it is given,
// normally the transaction that updates the shadow: a sample and its roll-ups commit together.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { calendarOf, type ZoneCalendar } from './calendar';
import { isPowerMetric, RollupAccumulator, type EnergyShare, type Rollup, type Sample } from './rollup';

/** Rows per statement: far below SQLite's and PostgreSQL's limits on bound parameters. */
const CHUNK = 1000;
const ZONE_TTL_MS = 5 * 60_000;

/**
 * Distinct metric keys one plant may have. A gateway can delete keys (null) and report new ones for
 * ever; past this many, samples of new keys are not stored (the shadow still shows them).
 */
export const MAX_METRIC_KEYS_PER_PLANT = 256;

type RollupColumn = 'value_min' | 'value_max' | 'last_ts' | 'last_value';

export class SeriesWriter {
  /** Plant time zones by thing name, cached so a report costs no lookup. */
  private readonly zones = new Map<string, { calendar: ZoneCalendar; until: number }>();
  /** Metric keys stored per thing, read once from the month roll-ups, then kept up to date here. */
  private readonly keys = new Map<string, Set<string>>();
  /** Samples not stored because their plant had no room for another key. */
  droppedForKeyCap = 0;

  /** The calendar that buckets the thing's samples: its plant's time zone (UTC for an unknown thing). */
  async calendarOf(db: Kysely<Database>, thingName: string): Promise<ZoneCalendar> {
    const cached = this.zones.get(thingName);
    if (cached && cached.until > Date.now()) return cached.calendar;
    const row = await db.selectFrom('plants').select('timezone').where('thing_name', '=', thingName).executeTakeFirst();
    const calendar = calendarOf(row?.timezone ?? 'UTC');
    this.zones.set(thingName, { calendar, until: Date.now() + ZONE_TTL_MS });
    return calendar;
  }

  /** Stores samples and rolls up those not stored before: a redelivered report adds nothing. */
  async writeSamples(db: Kysely<Database>, thingName: string, offered: readonly Sample[]): Promise<void> {
    if (offered.length === 0) return;
    const samples = await this.withinKeyCap(db, thingName, offered);
    if (samples.length === 0) return;
    const inserted: Sample[] = [];
    for (let i = 0; i < samples.length; i += CHUNK) {
      const rows = await db
        .insertInto('metric_samples')
        .values(samples.slice(i, i + CHUNK).map((s) => ({ thing_name: thingName, metric_key: s.metricKey, ts: s.ts, value: s.value })))
        .onConflict((oc) => oc.columns(['thing_name', 'metric_key', 'ts']).doNothing())
        .returning(['metric_key', 'ts', 'value'])
        .execute();
      for (const row of rows) inserted.push({ metricKey: row.metric_key, ts: Number(row.ts), value: row.value });
    }
    if (inserted.length === 0) return;
    inserted.sort((a, b) => (a.metricKey < b.metricKey ? -1 : a.metricKey > b.metricKey ? 1 : a.ts - b.ts));
    const previous = await this.storedBefore(db, thingName, inserted);
    const accumulator = new RollupAccumulator(await this.calendarOf(db, thingName));
    for (const sample of inserted) {
      accumulator.add(sample, previous.get(sample.metricKey));
      if (isPowerMetric(sample.metricKey)) previous.set(sample.metricKey, sample.ts);
    }
    const { rollups, shares } = accumulator.drain();
    await this.writeRollups(db, thingName, rollups);
    await this.addEnergy(db, thingName, shares);
  }

  /** The samples whose keys the thing has, or has room for (MAX_METRIC_KEYS_PER_PLANT). */
  private async withinKeyCap(db: Kysely<Database>, thingName: string, samples: readonly Sample[]): Promise<readonly Sample[]> {
    let known = this.keys.get(thingName);
    if (!known) {
      const rows = await db
        .selectFrom('metric_rollups')
        .select('metric_key')
        .distinct()
        .where('thing_name', '=', thingName)
        .where('granularity', '=', 'month')
        .execute();
      known = new Set(rows.map((row) => row.metric_key));
      this.keys.set(thingName, known);
    }
    const kept: Sample[] = [];
    for (const sample of samples) {
      if (!known.has(sample.metricKey)) {
        if (known.size >= MAX_METRIC_KEYS_PER_PLANT) {
          this.droppedForKeyCap++;
          continue;
        }
        known.add(sample.metricKey);
      }
      kept.push(sample);
    }
    return kept;
  }

  /** Merges buckets into the stored ones. A call must hold each bucket at most once. */
  async writeRollups(db: Kysely<Database>, thingName: string, rollups: readonly Rollup[]): Promise<void> {
    for (let i = 0; i < rollups.length; i += CHUNK) {
      await db
        .insertInto('metric_rollups')
        .values(
          rollups.slice(i, i + CHUNK).map((r) => ({
            thing_name: thingName,
            granularity: r.granularity,
            metric_key: r.metricKey,
            bucket: r.bucket,
            sample_count: r.count,
            value_sum: r.sum,
            value_min: r.min,
            value_max: r.max,
            last_ts: r.lastTs,
            last_value: r.last,
            energy_wh: r.energyWh,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['thing_name', 'granularity', 'metric_key', 'bucket']).doUpdateSet((eb) => {
            const stored = (c: RollupColumn) => eb.ref(`metric_rollups.${c}`);
            const incoming = (c: RollupColumn) => eb.ref(`excluded.${c}`);
            // CASE rather than least()/greatest() or two-argument min()/max(): the spelling both engines share.
            const either = (c: RollupColumn, takeIncoming: ReturnType<typeof eb>) =>
              eb.case().when(takeIncoming).then(incoming(c)).else(stored(c)).end();
            const isLater = eb(incoming('last_ts'), '>=', stored('last_ts'));
            return {
              sample_count: eb('metric_rollups.sample_count', '+', eb.ref('excluded.sample_count')),
              value_sum: eb('metric_rollups.value_sum', '+', eb.ref('excluded.value_sum')),
              energy_wh: eb('metric_rollups.energy_wh', '+', eb.ref('excluded.energy_wh')),
              value_min: either('value_min', eb(incoming('value_min'), '<', stored('value_min'))),
              value_max: either('value_max', eb(incoming('value_max'), '>', stored('value_max'))),
              last_value: either('last_value', isLater),
              last_ts: either('last_ts', isLater),
            };
          }),
        )
        .execute();
    }
  }

  /** Energy of intervals that began in an earlier bucket, which holds the sample they began at. */
  async addEnergy(db: Kysely<Database>, thingName: string, shares: readonly EnergyShare[]): Promise<void> {
    for (const share of shares) {
      await db
        .updateTable('metric_rollups')
        .set((eb) => ({ energy_wh: eb('energy_wh', '+', share.energyWh) }))
        .where('thing_name', '=', thingName)
        .where('granularity', '=', share.granularity)
        .where('metric_key', '=', share.metricKey)
        .where('bucket', '=', share.bucket)
        .execute();
    }
  }

  /** For each power metric of the batch, the time of its stored sample just before the batch's first. */
  private async storedBefore(db: Kysely<Database>, thingName: string, sorted: readonly Sample[]): Promise<Map<string, number>> {
    const firstOf = new Map<string, number>();
    for (const s of sorted) if (isPowerMetric(s.metricKey) && !firstOf.has(s.metricKey)) firstOf.set(s.metricKey, s.ts);
    // Keys whose first sample shares a time (every key of one report) are looked up together.
    const keysAt = new Map<number, string[]>();
    for (const [key, ts] of firstOf) keysAt.set(ts, [...(keysAt.get(ts) ?? []), key]);
    const previous = new Map<string, number>();
    for (const [ts, keys] of keysAt) {
      const rows = await db
        .selectFrom('metric_samples')
        .select((eb) => ['metric_key', eb.fn.max('ts').as('ts')])
        .where('thing_name', '=', thingName)
        .where('metric_key', 'in', keys)
        .where('ts', '<', ts)
        .groupBy('metric_key')
        .execute();
      for (const row of rows) if (row.ts !== null) previous.set(row.metric_key, Number(row.ts));
    }
    return previous;
  }
}

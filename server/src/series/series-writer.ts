// Writes time series: raw samples and their roll-ups, merged into the stored buckets in the same
// statement (so late samples and concurrent writers add up). It runs on the executor it is given,
// normally the transaction that updates the shadow: a sample and its roll-ups commit together.
import { sql, type InsertQueryBuilder, type InsertResult, type Kysely } from 'kysely';
import { insertRows, rowsQuery, SQLITE_ROWS } from '../db/row-columns';
import { isPostgres } from '../db/dialect';
import { foldRollups, rollupRow, type RollupRow } from './folded-rollups';
import type { Database } from '../db/schema';
import { BoundedMap } from '../cache/bounded-map';
import { calendarOf, type ZoneCalendar } from './calendar';
import { isPowerMetric, type EnergyShare, type HeldSample, type HeldSamples, type Rollup, type Sample } from './rollup';
import { blockStart, insertPackedHistory, lockSeriesOf, withoutPacked, withoutReported } from './stored-samples';
import { addEnergyOf } from './energy-shares';
import { journalSamples } from './journal-rows';
import { PendingRollups, type ThingRollups } from './pending-rollups';
import { groupedBy } from '../grouped-by';
import { fitsReportRow, insertReportRows } from './report-rows';
import { holdStartsBefore } from './hold-starts';
import { REPORT_ROWS_GRACE_MS } from './series-packer';

const SAMPLE_COLUMNS = { thing_name: 'text', metric_key: 'text', ts: 'bigint', value: 'double precision' } as const;

/** A raw sample as a row (metric_samples' columns). */
type StoredRow = { thing_name: string; metric_key: string; ts: number; value: number };
/** A bucket's figures, in metric_rollups and in a folded row alike. */
const FIGURE_COLUMNS = {
  sample_count: 'integer',
  value_sum: 'double precision',
  value_min: 'double precision',
  value_max: 'double precision',
  last_ts: 'bigint',
  last_value: 'double precision',
  energy_wh: 'double precision',
} as const;
const ROLLUP_COLUMNS = { thing_name: 'text', granularity: 'text', metric_key: 'text', bucket: 'bigint', ...FIGURE_COLUMNS } as const;
const ZONE_TTL_MS = 5 * 60_000;
/** Things whose time zone and metric keys a writer remembers: twice the largest fleet benched (10,000 gateways). */
export const SERIES_THINGS_CACHED = 20_000;

/**
 * Distinct metric keys one plant may have. A gateway can delete keys (null) and report new ones for
 * ever; past this many, samples of new keys are not stored (the shadow still shows them).
 */
export const MAX_METRIC_KEYS_PER_PLANT = 256;

type RollupColumn = 'value_min' | 'value_max' | 'last_ts' | 'last_value';

const FOLDED_COLUMNS = {
  thing_name: 'text',
  metric_key: 'text',
  hour_bucket: 'bigint',
  day_bucket: 'bigint',
  month_bucket: 'bigint',
  ...FIGURE_COLUMNS,
} as const;
/** Folded rows a statement: three table rows each, as many as a statement of rows of their own holds. */
const FOLDED_ROWS = 6_000;
const ROLLUP_COLUMN_NAMES = Object.keys(ROLLUP_COLUMNS) as (keyof typeof ROLLUP_COLUMNS)[];
/** A folded row's columns, named so that the statement below can pick its figures and buckets. */
const FOLDED_ALIASES = sql.join(Object.keys(FOLDED_COLUMNS).map((c) => sql.ref(c)));
const FOLDED_FIGURES = sql.join(Object.keys(FIGURE_COLUMNS).map((c) => sql.ref(`f.${c}`)));

/** Merges inserted buckets into the stored ones: counts, sums and energy added, the extremes and the latest kept. */
function mergeIntoStored(insert: InsertQueryBuilder<Database, 'metric_rollups', InsertResult>) {
  return insert.onConflict((oc) =>
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
  );
}

/** Samples of one thing, to store. */
export interface ThingSamples {
  thingName: string;
  samples: readonly Sample[];
  /**
   * For a thing's first samples only (the simulator's history): those before this hour are written
   * straight into blocks (insertPackedHistory), so the packing job has nothing to move afterwards.
   */
  packBefore?: number;
}

export class SeriesWriter {
  /** Plant time zones by thing name, cached so a report costs no lookup. */
  private readonly zones: BoundedMap<string, { calendar: ZoneCalendar; until: number }>;
  /**
   * Metric keys stored per thing, read from the month roll-ups, then kept up to date here (a thing
   * forgotten past the bound is read again: the roll-ups hold every key it stored).
   */
  private readonly keys: BoundedMap<string, Set<string>>;
  /** Samples not stored because their plant had no room for another key. */
  droppedForKeyCap = 0;

  /**
   * 'direct': roll-ups merged in the samples' transaction (one process: a chart shows a sample at once).
   * 'journal': the samples of a batch written to the roll-up journal, merged by its drain job with many
   * other batches' (a scaled-out server, ROLLUP_JOURNAL_MS): a bucket's row is written once a drain,
   * not once a sample.
   */
  constructor(
    thingsCached = SERIES_THINGS_CACHED,
    private readonly rollups: 'direct' | 'journal' = 'direct',
    /** Whose hour is open (a test's clock; the wall clock otherwise). */
    private readonly now: () => number = Date.now,
  ) {
    this.zones = new BoundedMap(thingsCached);
    this.keys = new BoundedMap(thingsCached);
  }

  /** Things whose time zone and whose metric keys are remembered now. */
  cachedThings(): { zones: number; keys: number } {
    return { zones: this.zones.size, keys: this.keys.size };
  }

  /**
   * The calendar that buckets the thing's samples: its plant's time zone, an OCPP charger's being its
   * plant's (UTC for an unknown thing).
   */
  async calendarOf(db: Kysely<Database>, thingName: string): Promise<ZoneCalendar> {
    return (await this.calendarsOf(db, [thingName])).get(thingName)!;
  }

  /**
   * The calendars of the things (calendarOf), those not remembered read in two statements a chunk: a
   * drain of the journal meets a fleet's every thing, and a statement a thing cost its leader 3 % of
   * its time in the cluster bench's profile.
   */
  async calendarsOf(db: Kysely<Database>, thingNames: readonly string[]): Promise<Map<string, ZoneCalendar>> {
    const now = Date.now();
    const out = new Map<string, ZoneCalendar>();
    const missing: string[] = [];
    for (const name of new Set(thingNames)) {
      const cached = this.zones.get(name);
      if (cached && cached.until > now) out.set(name, cached.calendar);
      else missing.push(name);
    }
    for (let i = 0; i < missing.length; i += SQLITE_ROWS) {
      const chunk = missing.slice(i, i + SQLITE_ROWS);
      const plants = await db.selectFrom('plants').select(['thing_name', 'timezone']).where('thing_name', 'in', chunk).execute();
      const zones = new Map(plants.map((p) => [p.thing_name as string, p.timezone]));
      const rest = chunk.filter((name) => !zones.has(name));
      if (rest.length > 0) {
        const chargers = await db
          .selectFrom('chargers')
          .innerJoin('plants', 'plants.id', 'chargers.plant_id')
          .select(['chargers.thing_name', 'plants.timezone'])
          .where('chargers.thing_name', 'in', rest)
          .execute();
        for (const c of chargers) zones.set(c.thing_name, c.timezone);
      }
      for (const name of chunk) {
        const calendar = calendarOf(zones.get(name) ?? 'UTC');
        this.zones.set(name, { calendar, until: now + ZONE_TTL_MS });
        out.set(name, calendar);
      }
    }
    return out;
  }

  /**
   * Stores samples and rolls up those not stored before (raw or packed): a redelivered report adds nothing.
   */
  writeSamples(db: Kysely<Database>, thingName: string, offered: readonly Sample[]): Promise<void> {
    return this.writeSamplesOf(db, [{ thingName, samples: offered }]);
  }

  /**
   * The samples of many things in a few statements (one insert, one look-back, one roll-up merge):
   * what a batch of reports costs the database grows with its rows, not its reports.
   */
  async writeSamplesOf(db: Kysely<Database>, offered: readonly ThingSamples[]): Promise<void> {
    const rows: StoredRow[] = [];
    // Samples of closed hours may be packed already (series-packer.ts): those go only where they are
    // not. The hour that just ended counts as open a little longer: its last reports are still coming.
    const reportRowsFrom = blockStart(this.now() - REPORT_ROWS_GRACE_MS);
    const late = new Set(offered.filter((o) => o.samples.some((s) => s.ts < reportRowsFrom)).map((o) => o.thingName));
    if (late.size > 0) await lockSeriesOf(db, [...late]);
    const packed: StoredRow[] = [];
    /** The open hour's samples by thing and time: a report row each (report-rows.ts). */
    const reports = new Map<string, { thingName: string; ts: number; samples: Sample[] }>();
    /** `thing|key` of keys the thing stores for the first time: no sample of theirs came before. */
    const fresh = new Set<string>();
    await this.loadKeysOf(
      db,
      offered.filter((o) => o.samples.length > 0).map((o) => o.thingName),
    );
    for (const { thingName, samples, packBefore } of offered) {
      if (samples.length === 0) continue;
      // a late sample may also be a redelivery of a report stored as a row before its hour closed
      const unpacked = late.has(thingName)
        ? await withoutReported(db, thingName, await withoutPacked(db, thingName, samples, reportRowsFrom))
        : samples;
      const kept = await this.withinKeyCap(db, thingName, unpacked, fresh);
      if (packBefore !== undefined) {
        await insertPackedHistory(db, thingName, kept, packBefore);
        for (const s of kept)
          if (s.ts < packBefore) packed.push({ thing_name: thingName, metric_key: s.metricKey, ts: s.ts, value: s.value });
      }
      // a report's samples come together: its row is looked up once, not once a sample
      let report: { thingName: string; ts: number; samples: Sample[] } | undefined;
      for (const s of kept) {
        if (packBefore !== undefined && s.ts < packBefore) continue;
        if (s.ts < reportRowsFrom || !fitsReportRow(s.metricKey)) {
          rows.push({ thing_name: thingName, metric_key: s.metricKey, ts: s.ts, value: s.value });
          continue;
        }
        if (report?.ts !== s.ts) {
          const id = `${thingName}\n${s.ts}`;
          report = reports.get(id);
          if (!report) reports.set(id, (report = { thingName, ts: s.ts, samples: [] }));
        }
        report.samples.push(s);
      }
    }
    const { stored: reported, lacking } = await insertReportRows(db, [...reports.values()]);
    for (const l of lacking) rows.push({ thing_name: l.thingName, metric_key: l.sample.metricKey, ts: l.sample.ts, value: l.sample.value });
    const stored = await insertRows(db, 'metric_samples', SAMPLE_COLUMNS, rows, (insert) =>
      insert
        .onConflict((oc) => oc.columns(['thing_name', 'metric_key', 'ts']).doNothing())
        .returning(['thing_name', 'metric_key', 'ts', 'value']),
    );
    const inserted = groupedBy(
      [...packed, ...stored],
      (row) => row.thing_name,
      (row): Sample => ({ metricKey: row.metric_key, ts: Number(row.ts), value: row.value }),
    );
    // the reports' own samples, not a row each rebuilt: a batch of 100 reports is 2,400 samples
    for (const r of reported) {
      const list = inserted.get(r.thingName);
      if (list) list.push(...r.samples);
      else inserted.set(r.thingName, [...r.samples]);
    }
    if (inserted.size === 0) return;
    for (const samples of inserted.values())
      samples.sort((a, b) => (a.metricKey < b.metricKey ? -1 : a.metricKey > b.metricKey ? 1 : a.ts - b.ts));
    const previous = await holdStartsBefore(db, inserted, fresh, this.now());
    const held: HeldSamples[] = [];
    for (const [thingName, samples] of inserted) {
      const before = previous.get(thingName) ?? new Map<string, number>();
      const list: HeldSample[] = [];
      for (const sample of samples) {
        if (!isPowerMetric(sample.metricKey)) {
          list.push({ sample });
          continue;
        }
        list.push({ sample, previousTs: before.get(sample.metricKey) });
        before.set(sample.metricKey, sample.ts);
      }
      held.push({ thingName, samples: list });
    }
    // A scaled-out server leaves the roll-ups to the journal's drain (rollup-journal.ts): one row a batch here.
    if (this.rollups === 'journal') await journalSamples(db, held);
    else await this.rollUp(db, held);
  }

  /**
   * Merges the roll-ups of samples stored (each with the time of its metric's sample before it, for a
   * power metric) into the stored buckets: the energy a sample owes buckets outside them added to those.
   */
  async rollUp(db: Kysely<Database>, held: readonly HeldSamples[]): Promise<void> {
    const pending = new PendingRollups(this);
    await pending.add(db, held);
    await pending.write(db);
  }

  /**
   * Reads the stored metric keys of the things not remembered, in one statement (a chunk at a time):
   * after a restart every thing of a fleet reports for the first time within a report period, and a
   * statement a thing cost the first reports' batches 2.4 % of a replica's time (its CPU profile).
   */
  private async loadKeysOf(db: Kysely<Database>, thingNames: readonly string[]): Promise<Map<string, Set<string>>> {
    const loaded = new Map<string, Set<string>>();
    const missing = [...new Set(thingNames)].filter((name) => !this.keys.has(name));
    for (let i = 0; i < missing.length; i += SQLITE_ROWS) {
      const chunk = missing.slice(i, i + SQLITE_ROWS);
      const rows = await db
        .selectFrom('metric_rollups')
        .select(['thing_name', 'metric_key'])
        .distinct()
        .where('thing_name', 'in', chunk)
        .where('granularity', '=', 'month')
        .execute();
      for (const name of chunk) loaded.set(name, new Set());
      for (const row of rows) loaded.get(row.thing_name)!.add(row.metric_key);
    }
    for (const [name, keys] of loaded) this.keys.set(name, keys);
    return loaded;
  }

  /** The samples whose keys the thing has, or has room for (MAX_METRIC_KEYS_PER_PLANT). */
  private async withinKeyCap(
    db: Kysely<Database>,
    thingName: string,
    samples: readonly Sample[],
    fresh: Set<string>,
  ): Promise<readonly Sample[]> {
    const known = this.keys.get(thingName) ?? (await this.loadKeysOf(db, [thingName])).get(thingName)!;
    const kept: Sample[] = [];
    for (const sample of samples) {
      if (!known.has(sample.metricKey)) {
        if (known.size >= MAX_METRIC_KEYS_PER_PLANT) {
          this.droppedForKeyCap++;
          continue;
        }
        known.add(sample.metricKey);
        fresh.add(`${thingName}|${sample.metricKey}`);
      }
      kept.push(sample);
    }
    return kept;
  }

  /** Merges buckets into the stored ones. A call must hold each bucket at most once. */
  writeRollups(db: Kysely<Database>, thingName: string, rollups: readonly Rollup[]): Promise<void> {
    return this.writeRollupsOf(db, [{ thingName, rollups }]);
  }

  /**
   * The buckets of many things, merged in one statement (per chunk of rows on SQLite). On PostgreSQL a
   * metric's hour, day and month buckets that hold the same figures go as one row (folded-rollups.ts).
   */
  async writeRollupsOf(db: Kysely<Database>, things: readonly ThingRollups[]): Promise<void> {
    const { folded, rows } = isPostgres(db)
      ? foldRollups(things)
      : { folded: [], rows: things.flatMap(({ thingName, rollups }) => rollups.map((r) => rollupRow(thingName, r))) };
    await insertRows(db, 'metric_rollups', ROLLUP_COLUMNS, rows, mergeIntoStored);
    for (let i = 0; i < folded.length; i += FOLDED_ROWS) {
      // in ROLLUP_COLUMNS' order: the thing, granularity, key and bucket, then the figures
      const unfolded = sql<RollupRow>`select f.thing_name, g.granularity, f.metric_key,
          case g.granularity when 'hour' then f.hour_bucket when 'day' then f.day_bucket else f.month_bucket end,
          ${FOLDED_FIGURES}
        from (${rowsQuery(db, FOLDED_COLUMNS, folded.slice(i, i + FOLDED_ROWS))}) as f (${FOLDED_ALIASES})
        cross join (values ('hour'::text), ('day'), ('month')) as g (granularity)`;
      await mergeIntoStored(db.insertInto('metric_rollups').columns(ROLLUP_COLUMN_NAMES).expression(unfolded)).execute();
    }
  }

  /** Energy of intervals that began in an earlier bucket, which holds the sample they began at. */
  addEnergy(db: Kysely<Database>, thingName: string, shares: readonly EnergyShare[]): Promise<void> {
    return addEnergyOf(db, [{ thingName, shares }]);
  }
}

// The PV samples the alert engine judges a plant by (conditions.ts, pvLow), read only where they can
// change a verdict. A fleet of 10,000 plants reporting every 5 s has 1.8 million PV samples in the
// 15-minute window; read whole every 30-second tick, they were the tick's largest cost, at night too.
// Now a plant the sun gives too little to judge by (or an offline gateway) needs none; of the rest,
// only the latest sample is read (one index descent a plant), and the whole window only of a plant
// whose latest lies below its threshold: what the verdict needs, so it is the verdict the whole
// window gives.
import { sql, type Kysely } from 'kysely';
import { rowsQuery, SQLITE_ROWS } from '../db/row-columns';
import type { Database } from '../db/schema';
import { pvBelowThreshold, pvExpectedNow, PV_WINDOW_MS, type PlantSnapshot } from './conditions';
import type { Thresholds } from './thresholds';
import { groupedBy } from '../grouped-by';
import { keyNeedle, reportHas, ReportDecoder } from '../series/report-rows';

export const PV_METRIC = 'ActPwrPve';

type PvSample = { ts: number; value: number };

/** A plant whose PV is to be judged now, with what judging it takes. */
export interface PvCandidate {
  thingName: string;
  site: Pick<PlantSnapshot, 'latitude' | 'longitude' | 'pvPeakKw'>;
  thresholds: Thresholds;
}

/** Whether the plant's PV is judged at `now` at all (else pvLow needs no samples). */
export const judgesPvNow = (site: PvCandidate['site'], now: number) => pvExpectedNow(site, now) !== undefined;

const THING_COLUMNS = { thing_name: 'text' } as const;

/** Each thing's latest PV sample in the window ending at `now`, if it has one (of either raw table). */
async function latestPvOf(db: Kysely<Database>, things: readonly string[], now: number): Promise<Map<string, PvSample>> {
  const latest = new Map<string, PvSample>();
  const keep = (thing: string, sample: PvSample) => {
    const had = latest.get(thing);
    if (!had || had.ts < sample.ts) latest.set(thing, sample);
  };
  for (let i = 0; i < things.length; i += SQLITE_ROWS) {
    const part = things.slice(i, i + SQLITE_ROWS).map((thing_name) => ({ thing_name }));
    const [samples, reports] = await Promise.all([
      sql<{ thing_name: string; ts: number | string; value: number }>`
        with t (thing_name) as (${rowsQuery(db, THING_COLUMNS, part)})
        select s.thing_name, s.ts, s.value from t
        join metric_samples s on s.thing_name = t.thing_name and s.metric_key = ${PV_METRIC}
          and s.ts = (select max(m.ts) from metric_samples m
            where m.thing_name = t.thing_name and m.metric_key = ${PV_METRIC} and m.ts > ${now - PV_WINDOW_MS} and m.ts <= ${now})`.execute(
        db,
      ),
      sql<{ thing_name: string; ts: number | string; metric_keys: string; metric_values: Uint8Array }>`
        with t (thing_name) as (${rowsQuery(db, THING_COLUMNS, part)})
        select r.thing_name, r.ts, r.metric_keys, r.metric_values from t
        join metric_reports r on r.thing_name = t.thing_name
          and r.ts = (select m.ts from metric_reports m
            where m.thing_name = t.thing_name and m.ts > ${now - PV_WINDOW_MS} and m.ts <= ${now}
              and ${reportHas(db, 'm.metric_keys', keyNeedle(PV_METRIC))}
            order by m.ts desc limit 1)`.execute(db),
    ]);
    for (const row of samples.rows) keep(row.thing_name, { ts: Number(row.ts), value: Number(row.value) });
    const decoder = new ReportDecoder(new Set([PV_METRIC]));
    for (const row of reports.rows) for (const { value } of decoder.samples(row)) keep(row.thing_name, { ts: Number(row.ts), value });
  }
  return latest;
}

/** The window's PV samples of the things, by thing, in time order. */
async function pvWindowOf(db: Kysely<Database>, things: readonly string[], now: number): Promise<Map<string, PvSample[]>> {
  if (things.length === 0) return new Map();
  const [rows, reports] = await Promise.all([
    db
      .selectFrom('metric_samples')
      .select(['thing_name', 'ts', 'value'])
      .where('thing_name', 'in', things)
      .where('metric_key', '=', PV_METRIC)
      .where('ts', '>', now - PV_WINDOW_MS)
      .where('ts', '<=', now)
      .execute(),
    db
      .selectFrom('metric_reports')
      .select(['thing_name', 'ts', 'metric_keys', 'metric_values'])
      .where('thing_name', 'in', things)
      .where('ts', '>', now - PV_WINDOW_MS)
      .where('ts', '<=', now)
      .where(reportHas(db, 'metric_keys', keyNeedle(PV_METRIC)))
      .execute(),
  ]);
  const decoder = new ReportDecoder(new Set([PV_METRIC]));
  const all = [
    ...reports.flatMap((r) => decoder.samples(r).map(({ value }) => ({ thing_name: r.thing_name, ts: Number(r.ts), value }))),
    ...rows.map((row) => ({ thing_name: row.thing_name, ts: Number(row.ts), value: Number(row.value) })),
  ];
  // grouped in one pass (a plant reporting every 5 s has some 180 samples in the window)
  const window = groupedBy(
    all,
    (row) => row.thing_name,
    (row) => ({ ts: row.ts, value: row.value }),
  );
  for (const samples of window.values()) samples.sort((a, b) => a.ts - b.ts);
  return window;
}

/**
 * The PV samples each candidate's verdict needs, by thing: its latest alone when that is not below its
 * threshold (pvLow is off by it), the whole window when it is; none when it has no sample in the window.
 */
export async function pvSamplesToJudge(
  db: Kysely<Database>,
  candidates: readonly PvCandidate[],
  now: number,
): Promise<Map<string, PvSample[]>> {
  const judged = new Map<string, PvSample[]>();
  if (candidates.length === 0) return judged;
  const latest = await latestPvOf(
    db,
    candidates.map((c) => c.thingName),
    now,
  );
  const low: string[] = [];
  for (const c of candidates) {
    const sample = latest.get(c.thingName);
    if (!sample) continue;
    if (pvBelowThreshold(c.site, c.thresholds, sample)) low.push(c.thingName);
    else judged.set(c.thingName, [sample]);
  }
  for (const [thing, samples] of await pvWindowOf(db, low, now)) judged.set(thing, samples);
  return judged;
}

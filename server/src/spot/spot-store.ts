// Reading and writing spot prices. An import replaces the periods it names in one transaction (the
// caller's, if it runs in one), so a reader never sees half a file; demo prices are written only where
// nothing real exists. The server's series (its feed, SPOT_PRICES_URL, and the demo curve) is written
// only by the server; an organisation's upload is its own series, which overrides the server's for that
// organisation alone, period by period (readers name whose prices they read: a PriceSeries).
import { inTransaction } from '../db/dialect';
import { calendarOf } from '../series/calendar';
import { demoDayPrices } from './demo-prices';
import type { ImportedPrice } from './price-csv';
import type { SpotDb } from './tables';

export interface SpotPrice {
  start: number;
  minutes: number;
  eurMwh: number;
  demo: boolean;
  /** From the reading organisation's own uploaded series. */
  own: boolean;
}

/** Whose prices a reader sees: the area's, overlaid with the organisation's own (none: the server's alone). */
export interface PriceSeries {
  area: string;
  tenantId: string | null;
}

/** Rows per insert statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const ROWS_PER_INSERT = 500;

/** A price as a row's columns, stamped now. */
function priceRows(prices: readonly ImportedPrice[]) {
  const now = new Date().toISOString();
  return prices.map((price) => ({
    starts_at: new Date(price.start).toISOString(),
    minutes: price.minutes,
    eur_mwh: price.eurMwh,
    updated_at: now,
  }));
}

/** Writes rows a statement's worth at a time, all in one transaction (the caller's, if it runs in one). */
async function inChunks<T>(db: SpotDb, rows: readonly T[], write: (trx: SpotDb, chunk: T[]) => Promise<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await write(trx, rows.slice(i, i + ROWS_PER_INSERT));
  });
}

export async function importPrices(db: SpotDb, area: string, prices: readonly ImportedPrice[], source: 'import' | 'demo'): Promise<number> {
  const rows = priceRows(prices).map((row) => ({ ...row, area, source }));
  await inChunks(db, rows, (trx, chunk) =>
    trx
      .insertInto('spot_prices')
      .values(chunk)
      // Demo prices only fill gaps: they never replace a price that is already there.
      .onConflict((oc) =>
        source === 'demo'
          ? oc.columns(['area', 'starts_at']).doNothing()
          : oc.columns(['area', 'starts_at']).doUpdateSet((eb) => ({
              minutes: eb.ref('excluded.minutes'),
              eur_mwh: eb.ref('excluded.eur_mwh'),
              source: eb.ref('excluded.source'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
      )
      .execute(),
  );
  return prices.length;
}

/** Stores an organisation's uploaded prices as its own series (the server's stays as it is). */
export async function importTenantPrices(
  db: SpotDb,
  series: { area: string; tenantId: string },
  prices: readonly ImportedPrice[],
): Promise<number> {
  const rows = priceRows(prices).map((row) => ({ ...row, tenant_id: series.tenantId, area: series.area }));
  await inChunks(db, rows, (trx, chunk) =>
    trx
      .insertInto('tenant_spot_prices')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'area', 'starts_at']).doUpdateSet((eb) => ({
          minutes: eb.ref('excluded.minutes'),
          eur_mwh: eb.ref('excluded.eur_mwh'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute(),
  );
  return prices.length;
}

/** Removes an organisation's own series (it reads the server's again); answers how many prices went. */
export async function deleteTenantPrices(db: SpotDb, series: { area: string; tenantId: string }): Promise<number> {
  const result = await db
    .deleteFrom('tenant_spot_prices')
    .where('tenant_id', '=', series.tenantId)
    .where('area', '=', series.area)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many prices an organisation's own series holds in the area. */
export async function countTenantPrices(db: SpotDb, series: { area: string; tenantId: string }): Promise<number> {
  const row = await db
    .selectFrom('tenant_spot_prices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', series.tenantId)
    .where('area', '=', series.area)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The prices of periods starting in [from, to): the organisation's own where it has them, else the server's. */
export async function pricesBetween(db: SpotDb, series: PriceSeries, from: number, to: number): Promise<SpotPrice[]> {
  const [since, until] = [new Date(from).toISOString(), new Date(to).toISOString()];
  const shared = (
    await db
      .selectFrom('spot_prices')
      .select(['starts_at', 'minutes', 'eur_mwh', 'source'])
      .where('area', '=', series.area)
      .where('starts_at', '>=', since)
      .where('starts_at', '<', until)
      .orderBy('starts_at')
      .execute()
  ).map((r) => ({ start: Date.parse(r.starts_at), minutes: r.minutes, eurMwh: r.eur_mwh, demo: r.source === 'demo', own: false }));
  if (series.tenantId === null) return shared;
  const own = (
    await db
      .selectFrom('tenant_spot_prices')
      .select(['starts_at', 'minutes', 'eur_mwh'])
      .where('tenant_id', '=', series.tenantId)
      .where('area', '=', series.area)
      .where('starts_at', '>=', since)
      .where('starts_at', '<', until)
      .orderBy('starts_at')
      .execute()
  ).map((r) => ({ start: Date.parse(r.starts_at), minutes: r.minutes, eurMwh: r.eur_mwh, demo: false, own: true }));
  return own.length === 0 ? shared : overlay(own, shared);
}

const endOf = (price: SpotPrice) => price.start + price.minutes * 60_000;

/** `own` and those periods of `shared` that overlap none of them, by start (both come sorted by start). */
export function overlay(own: readonly SpotPrice[], shared: readonly SpotPrice[]): SpotPrice[] {
  const kept: SpotPrice[] = [];
  let i = 0;
  for (const price of shared) {
    // own periods that end before this one starts can overlap no later shared period either
    while (i < own.length && endOf(own[i] as SpotPrice) <= price.start) i++;
    const next = own[i];
    if (next === undefined || next.start >= endOf(price)) kept.push(price);
  }
  return [...own, ...kept].sort((a, b) => a.start - b.start);
}

/** The local date (YYYY-MM-DD) a day bucket starting at `dayStart` names in the zone. */
export function localDate(timeZone: string, dayStart: number): string {
  return new Date(dayStart + calendarOf(timeZone).offsetAt(dayStart)).toISOString().slice(0, 10);
}

/** Writes the demo curve of a local day that has no prices yet; real imports are never overwritten. */
export async function ensureDemoDay(db: SpotDb, area: string, timeZone: string, dayStart: number): Promise<void> {
  const calendar = calendarOf(timeZone);
  const dayEnd = calendar.nextBucket('day', dayStart);
  if ((await pricesBetween(db, { area, tenantId: null }, dayStart, dayEnd)).length > 0) return;
  const hours: ImportedPrice[] = [];
  const curve = demoDayPrices(localDate(timeZone, dayStart));
  // Walk the real hours of the day, so a 23- or 25-hour day gets the right number of prices.
  for (let start = dayStart; start < dayEnd; start = calendar.nextBucket('hour', start)) {
    const hour = new Date(start + calendar.offsetAt(start)).getUTCHours();
    hours.push({ start, minutes: 60, eurMwh: curve[hour].eurMwh });
  }
  await importPrices(db, area, hours, 'demo');
}

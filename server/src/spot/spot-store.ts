// Reading and writing spot prices. An import replaces the periods it names in one transaction (the
// caller's, if it runs in one), so a reader never sees half a file; demo prices are written only where
// nothing real exists.
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
}

/** Rows per insert statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const ROWS_PER_INSERT = 500;

export async function importPrices(db: SpotDb, area: string, prices: readonly ImportedPrice[], source: 'import' | 'demo'): Promise<number> {
  const now = new Date().toISOString();
  const rows = prices.map((price) => ({
    area,
    starts_at: new Date(price.start).toISOString(),
    minutes: price.minutes,
    eur_mwh: price.eurMwh,
    source,
    updated_at: now,
  }));
  await inTransaction(db, async (trx) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      await trx
        .insertInto('spot_prices')
        .values(rows.slice(i, i + ROWS_PER_INSERT))
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
        .execute();
    }
  });
  return prices.length;
}

export async function pricesBetween(db: SpotDb, area: string, from: number, to: number): Promise<SpotPrice[]> {
  const rows = await db
    .selectFrom('spot_prices')
    .select(['starts_at', 'minutes', 'eur_mwh', 'source'])
    .where('area', '=', area)
    .where('starts_at', '>=', new Date(from).toISOString())
    .where('starts_at', '<', new Date(to).toISOString())
    .orderBy('starts_at')
    .execute();
  return rows.map((r) => ({ start: Date.parse(r.starts_at), minutes: r.minutes, eurMwh: r.eur_mwh, demo: r.source === 'demo' }));
}

/** The local date (YYYY-MM-DD) a day bucket starting at `dayStart` names in the zone. */
export function localDate(timeZone: string, dayStart: number): string {
  return new Date(dayStart + calendarOf(timeZone).offsetAt(dayStart)).toISOString().slice(0, 10);
}

/** Writes the demo curve of a local day that has no prices yet; real imports are never overwritten. */
export async function ensureDemoDay(db: SpotDb, area: string, timeZone: string, dayStart: number): Promise<void> {
  const calendar = calendarOf(timeZone);
  const dayEnd = calendar.nextBucket('day', dayStart);
  if ((await pricesBetween(db, area, dayStart, dayEnd)).length > 0) return;
  const hours: ImportedPrice[] = [];
  const curve = demoDayPrices(localDate(timeZone, dayStart));
  // Walk the real hours of the day, so a 23- or 25-hour day gets the right number of prices.
  for (let start = dayStart; start < dayEnd; start = calendar.nextBucket('hour', start)) {
    const hour = new Date(start + calendar.offsetAt(start)).getUTCHours();
    hours.push({ start, minutes: 60, eurMwh: curve[hour].eurMwh });
  }
  await importPrices(db, area, hours, 'demo');
}

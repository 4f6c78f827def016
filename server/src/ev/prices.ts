// The prices the EV module charges with: the plant's own tariff when it has one, else the spot price.
// One rule for every use (a session's cost, ev/plan's steps, a weekly plan's slots, the "charge only
// below" limit): a plant on a fixed tariff pays it whatever the market does, so planning or holding
// back by spot prices would save it nothing; the analytics money figures price energy the same way.
import type { Kysely } from 'kysely';
import { BoundedMap } from '../cache/bounded-map';
import type { Database } from '../db/schema';
import type { PlantRow } from '../plants/access';
import { calendarOf } from '../series/calendar';
import type { SpotConfig } from '../spot/spot-config';
import { czkPerKwh } from '../spot/routes';
import { ensureDemoDay, pricesBetween } from '../spot/spot-store';
import { spotDb } from '../spot/tables';
import type { PricePeriod } from './derive-sessions';

/** The plant's tariff in CZK/kWh, or null when it has none. */
export function tariffCzkKwh(plant: Pick<PlantRow, 'tariff_price_per_kwh' | 'tariff_currency'>, spot: SpotConfig): number | null {
  const price = plant.tariff_price_per_kwh;
  if (price === null || price === undefined) return null;
  return plant.tariff_currency === 'EUR' ? price * spot.eurCzk : price;
}

/** Gives the days of [from, to) without prices their labelled demo curve, as the spot page does (demo prices on). */
export async function fillDemoDays(db: Kysely<Database>, spot: SpotConfig, from: number, to: number): Promise<void> {
  if (!spot.demo) return;
  const sdb = spotDb(db);
  const calendar = calendarOf(spot.timeZone);
  for (let day = calendar.bucketStart('day', from); day < to; day = calendar.nextBucket('day', day))
    await ensureDemoDay(sdb, spot.area, spot.timeZone, day);
}

/**
 * Spot periods overlapping [from, to) in CZK/kWh as the plant's organisation sees them (its own uploaded
 * prices where it has them); `fillDemo`: days without prices get demo prices first.
 */
export async function spotPeriods(
  db: Kysely<Database>,
  spot: SpotConfig,
  tenantId: string,
  from: number,
  to: number,
  fillDemo: boolean,
): Promise<PricePeriod[]> {
  if (fillDemo) await fillDemoDays(db, spot, from, to);
  // A period may begin up to an hour before `from` and still cover it.
  const rows = await pricesBetween(spotDb(db), { area: spot.area, tenantId }, from - 3_600_000, to);
  return rows
    .map((p) => ({ start: p.start, end: p.start + p.minutes * 60_000, czkKwh: czkPerKwh(p.eurMwh, spot.eurCzk) }))
    .filter((p) => p.end > from);
}

/**
 * The price a car charging at `at` pays, CZK/kWh, as ev/plan prices its steps: the plant's tariff, else
 * the spot price of that moment (the organisation's own, demo days filled when demo prices are on);
 * null: neither known. A charger's "charge only below" limit is judged by it.
 */
export async function priceAtCzkKwh(
  db: Kysely<Database>,
  spot: SpotConfig,
  plant: Pick<PlantRow, 'tenant_id' | 'tariff_price_per_kwh' | 'tariff_currency'>,
  at: number,
): Promise<number | null> {
  return (await pricedAt(db, spot, plant, at)).czkKwh;
}

/** The price at `at` and the end of the spot period it came from (null: a tariff, or no price). */
async function pricedAt(
  db: Kysely<Database>,
  spot: SpotConfig,
  plant: Pick<PlantRow, 'tenant_id' | 'tariff_price_per_kwh' | 'tariff_currency'>,
  at: number,
): Promise<{ czkKwh: number | null; periodEnd: number | null }> {
  const tariff = tariffCzkKwh(plant, spot);
  if (tariff !== null) return { czkKwh: tariff, periodEnd: null };
  const periods = await spotPeriods(db, spot, plant.tenant_id, at, at + 1, true);
  const period = periods.find((p) => p.start <= at && p.end > at);
  return { czkKwh: period?.czkKwh ?? null, periodEnd: period?.end ?? null };
}

/** How long a plant's price is kept by PlantPrices: a tariff edited or prices uploaded count within it. */
export const PLANT_PRICE_TTL_MS = 60_000;
/** Plants whose price PlantPrices keeps: the least recently asked go past it. */
export const PLANT_PRICE_CACHE_PLANTS = 20_000;

/**
 * The charging controller's prices: it asks for each plant with a price-limited charger every tick
 * (10 s), and a price moves only at a spot period's boundary or when someone edits the tariff or uploads
 * prices, so a price is kept until its period ends or PLANT_PRICE_TTL_MS passes, whichever is first.
 */
export class PlantPrices {
  private readonly kept: BoundedMap<string, { czkKwh: number | null; from: number; until: number }>;
  /** Database reads made, for the tests. */
  reads = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly spot: SpotConfig,
    capacity = PLANT_PRICE_CACHE_PLANTS,
  ) {
    this.kept = new BoundedMap(capacity);
  }

  /** The plant's price at `at` (priceAtCzkKwh), kept; a bound function, to hand to the controller. */
  readonly priceAt = async (plantId: string, at: number): Promise<number | null> => {
    const kept = this.kept.get(plantId);
    if (kept && at >= kept.from && at < kept.until) return kept.czkKwh;
    this.reads++;
    const plant = await plantRow(this.db, plantId);
    if (!plant) {
      this.kept.delete(plantId);
      return null;
    }
    const { czkKwh, periodEnd } = await pricedAt(this.db, this.spot, plant, at);
    this.kept.set(plantId, { czkKwh, from: at, until: Math.min(periodEnd ?? Infinity, at + PLANT_PRICE_TTL_MS) });
    return czkKwh;
  };
}

const plantRow = (db: Kysely<Database>, plantId: string) =>
  db.selectFrom('plants').select(['tenant_id', 'tariff_price_per_kwh', 'tariff_currency']).where('id', '=', plantId).executeTakeFirst();

/** priceAtCzkKwh for a plant by its id; null for a plant that is gone. */
export async function plantPriceAt(db: Kysely<Database>, spot: SpotConfig, plantId: string, at: number): Promise<number | null> {
  const plant = await plantRow(db, plantId);
  return plant ? priceAtCzkKwh(db, spot, plant, at) : null;
}

// The charging controller's kept prices (ev/prices.ts PlantPrices): one database read per plant per spot
// period or minute, not one per 10-second tick; a new period, an edited tariff and a bound all seen.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import type { SpotConfig } from '../spot/spot-config';
import { importTenantPrices } from '../spot/spot-store';
import { databaseTargets } from '../testing/databases';
import { PLANT_PRICE_TTL_MS, PlantPrices } from './prices';

const SPOT: SpotConfig = { area: 'CZ', timeZone: 'Europe/Prague', demo: false, eurCzk: 25 };
const HOUR = 3_600_000;
const MIN = 60_000;
// The first hour costs 2 CZK/kWh (80 €/MWh), the second 5 (200 €/MWh).
const T0 = Date.parse('2026-11-24T10:00:00Z');

describe.each(databaseTargets())('kept plant prices on $name', (target) => {
  let db: Kysely<Database>;
  let tenantId: string;
  let seq = 0;

  beforeAll(async () => {
    db = await target.create();
    tenantId = await insertTenant(db);
    await importTenantPrices(db, { area: 'CZ', tenantId }, [
      { start: T0, minutes: 60, eurMwh: 80 },
      { start: T0 + HOUR, minutes: 60, eurMwh: 200 },
    ]);
  });
  afterAll(() => target.destroy());

  async function plant(): Promise<string> {
    const thing = `price-plant-${++seq}`;
    await insertPlant(db, tenantId, thing);
    const row = await db.selectFrom('plants').select('id').where('thing_name', '=', thing).executeTakeFirstOrThrow();
    return row.id;
  }

  it('reads a plant once a minute within a spot period, and again as soon as the next period begins', async () => {
    const id = await plant();
    const prices = new PlantPrices(db, SPOT);
    for (let s = 0; s < 60; s += 10) expect(await prices.priceAt(id, T0 + 58 * MIN + s * 1000)).toBeCloseTo(2);
    // Six ticks in the first hour's last two minutes: one read; the tick after 11:00 reads the second hour.
    expect(prices.reads).toBe(1);
    expect(await prices.priceAt(id, T0 + HOUR + 5_000)).toBeCloseTo(5);
    expect(prices.reads).toBe(2);
    expect(await prices.priceAt(id, T0 + HOUR + 15_000)).toBeCloseTo(5);
    expect(prices.reads).toBe(2);
  });

  it('sees a tariff set meanwhile within PLANT_PRICE_TTL_MS', async () => {
    const id = await plant();
    const prices = new PlantPrices(db, SPOT);
    expect(await prices.priceAt(id, T0)).toBeCloseTo(2);
    await db.updateTable('plants').set({ tariff_price_per_kwh: 4.2, tariff_currency: 'CZK' }).where('id', '=', id).execute();
    expect(await prices.priceAt(id, T0 + PLANT_PRICE_TTL_MS - 1)).toBeCloseTo(2);
    expect(await prices.priceAt(id, T0 + PLANT_PRICE_TTL_MS)).toBeCloseTo(4.2);
  });

  it('keeps no more plants than its bound: the least recently asked is read again', async () => {
    const [a, b, c] = [await plant(), await plant(), await plant()];
    const prices = new PlantPrices(db, SPOT, 2);
    await prices.priceAt(a, T0);
    await prices.priceAt(b, T0);
    await prices.priceAt(a, T0 + 1000);
    expect(prices.reads).toBe(2);
    await prices.priceAt(c, T0 + 2000); // past the bound: b, the least recently asked, goes
    await prices.priceAt(a, T0 + 3000);
    expect(prices.reads).toBe(3);
    await prices.priceAt(b, T0 + 4000);
    expect(prices.reads).toBe(4);
  });

  it('answers null for a plant that is gone, and keeps nothing of it', async () => {
    const prices = new PlantPrices(db, SPOT);
    expect(await prices.priceAt('00000000-0000-4000-8000-000000000000', T0)).toBeNull();
    expect(await prices.priceAt('00000000-0000-4000-8000-000000000000', T0 + 1000)).toBeNull();
    expect(prices.reads).toBe(2);
  });
});

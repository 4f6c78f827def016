// "Charge only below price X" as the charging controller obeys it, on a driven clock: the plant's price
// at each moment from its tariff (else the organisation's spot prices), Now and Min+PV charging from
// the grid only at or below the limit, the PV surplus always; an unknown price holds nothing back.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertTenant } from '../iot/test-fixtures';
import { plantPriceAt } from '../ev/prices';
import type { SpotConfig } from '../spot/spot-config';
import { importTenantPrices } from '../spot/spot-store';
import { databaseTargets } from '../testing/databases';
import { controllerRig } from './controller-rig';
import { SOLAR_TIMING } from './solar-profile';
import { ocppDb } from './tables';

const SPOT: SpotConfig = { area: 'CZ', timeZone: 'Europe/Prague', demo: false, eurCzk: 25 };
const HOUR = 3_600_000;
// Tuesday 2026-11-24 10:00 UTC: the first hour costs 2 CZK/kWh (80 €/MWh), the second 5 (200 €/MWh), the third has no price.
const T0 = Date.parse('2026-11-24T10:00:00Z');
const W_PER_A_3P = 690;

describe.each(databaseTargets())('the price limit on $name', (target) => {
  let db: Kysely<Database>;
  let tenantId: string;

  beforeAll(async () => {
    db = await target.create();
    tenantId = await insertTenant(db);
    await importTenantPrices(db, { area: 'CZ', tenantId }, [
      { start: T0, minutes: 60, eurMwh: 80 },
      { start: T0 + HOUR, minutes: 60, eurMwh: 200 },
    ]);
  });
  afterAll(() => target.destroy());

  /** A plant with one OCPP charger in a session in `mode` under `priceLimit`, on a driven clock. */
  async function rig(mode: 'fast' | 'minsolar' | 'solar', priceLimit: number | null) {
    const charger = await controllerRig(db, tenantId, {
      startedAt: T0,
      deps: () => ({ priceAt: (id, at) => plantPriceAt(db, SPOT, id, at) }),
    });
    await ocppDb(db).updateTable('chargers').set({ mode, price_limit_czk_kwh: priceLimit }).where('id', '=', charger.chargerId).execute();
    Object.assign(charger.reported, { ActPwrGrid: 0, ActPwrBat: 0 });
    return {
      plantId: charger.plantId,
      /** Moves the clock to `at`, sets the plant's export, runs the controller: the limit last sent. */
      at(at: number, exportW: number) {
        charger.reported.ActPwrGrid = -exportW;
        return charger.at(at);
      },
      limits: charger.limits,
    };
  }

  it('prices a moment by the plant’s tariff, else the organisation’s spot price, else not at all', async () => {
    const { plantId } = await rig('fast', 3);
    expect(await plantPriceAt(db, SPOT, plantId, T0 + 10 * 60_000)).toBeCloseTo(2);
    expect(await plantPriceAt(db, SPOT, plantId, T0 + HOUR + 1)).toBeCloseTo(5);
    expect(await plantPriceAt(db, SPOT, plantId, T0 + 2 * HOUR)).toBeNull();
    // A plant on its own tariff pays it, spot hours or not (as its sessions are costed).
    await db.updateTable('plants').set({ tariff_price_per_kwh: 4.2 }).where('id', '=', plantId).execute();
    expect(await plantPriceAt(db, SPOT, plantId, T0 + 10 * 60_000)).toBeCloseTo(4.2);
    expect(await plantPriceAt(db, SPOT, plantId, T0 + 2 * HOUR)).toBeCloseTo(4.2);
  });

  it('lets Now charge from the grid at or below the limit, and only from the surplus above it', async () => {
    const charger = await rig('fast', 3);
    // 2 CZK/kWh: full power (the 11 kW box's 16 A) without any surplus.
    expect(await charger.at(T0 + 60_000, 0)).toBe(16);
    // 5 CZK/kWh with 5 kW exported beside the car's draw (none here): the surplus's 7 A, not 16.
    expect(await charger.at(T0 + HOUR + 60_000, 5 * 1000)).toBe(7);
    // No surplus above the limit: it holds the minimum for PV's stop delay, then pauses.
    expect(await charger.at(T0 + HOUR + 120_000, 0)).toBe(6);
    expect(await charger.at(T0 + HOUR + 120_000 + SOLAR_TIMING.stopDelayMs, 0)).toBe(0);
    // No price known for the third hour: the limit holds nothing back.
    expect(await charger.at(T0 + 2 * HOUR + 60_000, 0)).toBe(16);
  });

  it('keeps Min+PV from taking its minimum from the grid above the limit', async () => {
    const charger = await rig('minsolar', 3);
    expect(await charger.at(T0 + 60_000, 0)).toBe(6);
    expect(await charger.at(T0 + HOUR + 60_000, 0)).toBe(6); // charging: PV's stop delay first
    expect(await charger.at(T0 + HOUR + 60_000 + SOLAR_TIMING.stopDelayMs, 0)).toBe(0);
    // The surplus still charges above the limit.
    await charger.at(T0 + HOUR + 60_000 + SOLAR_TIMING.stopDelayMs + 10_000, 9 * W_PER_A_3P + 50);
    expect(await charger.at(T0 + HOUR + 60_000 + SOLAR_TIMING.stopDelayMs + 10_000 + SOLAR_TIMING.startHoldMs, 9 * W_PER_A_3P + 50)).toBe(
      9,
    );
  });

  it('leaves a charger without a limit, and PV mode, as they were', async () => {
    const free = await rig('fast', null);
    expect(await free.at(T0 + HOUR + 60_000, 0)).toBe(16);
    const pv = await rig('solar', 0.5);
    await pv.at(T0 + 60_000, 8 * W_PER_A_3P + 50);
    expect(await pv.at(T0 + 60_000 + SOLAR_TIMING.startHoldMs, 8 * W_PER_A_3P + 50)).toBe(8);
  });
});

// A weekly plan as the charging controller runs it, on a driven clock, on SQLite and PostgreSQL: the
// energy from the vehicle's SoC to the plan's target (capped at its charge limit) planned into the
// cheapest hours before the next departure on the plant's wall clock, full power there in PV mode,
// the mode's own charging outside; nothing before the departure is within the horizon.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertTenant } from '../iot/test-fixtures';
import type { SpotConfig } from '../spot/spot-config';
import { importTenantPrices } from '../spot/spot-store';
import { databaseTargets } from '../testing/databases';
import { controllerRig } from './controller-rig';
import { SOLAR_TIMING } from './solar-profile';
import { ocppDb } from './tables';
import { weeklyNeededKwh, weeklyRunOf } from './weekly-plan';

const SPOT: SpotConfig = { area: 'CZ', timeZone: 'Europe/Prague', demo: false, eurCzk: 25 };
const HOUR = 3_600_000;
// Monday 2026-11-23 18:00 CET (17:00 UTC); the plan departs Tuesday 07:00 CET (06:00 UTC).
const MONDAY_EVENING = Date.parse('2026-11-23T17:00:00Z');
const DEPARTURE = Date.parse('2026-11-24T06:00:00Z');
// Prices from Monday 17:00 UTC to Tuesday 06:00 UTC: 200 €/MWh, but 40 €/MWh from 01:00 to 02:00 UTC.
const CHEAP = Date.parse('2026-11-24T01:00:00Z');

describe('the energy a weekly plan asks', () => {
  it('is the way from the SoC to the target, never above the charge limit, never negative', () => {
    expect(weeklyNeededKwh(80, { capacity_kwh: 60, charge_limit_pct: 90 }, 30)).toBe(30);
    expect(weeklyNeededKwh(100, { capacity_kwh: 60, charge_limit_pct: 80 }, 30)).toBe(30);
    expect(weeklyNeededKwh(50, { capacity_kwh: 60, charge_limit_pct: 80 }, 70)).toBe(0);
  });
});

describe.each(databaseTargets())('a weekly plan run by the controller on $name', (target) => {
  let db: Kysely<Database>;
  let tenantId: string;

  beforeAll(async () => {
    db = await target.create();
    tenantId = await insertTenant(db);
    const prices = [];
    for (let start = MONDAY_EVENING; start < DEPARTURE; start += HOUR)
      prices.push({ start, minutes: 60, eurMwh: start === CHEAP ? 40 : 200 });
    await importTenantPrices(db, { area: 'CZ', tenantId }, prices);
  });
  afterAll(() => target.destroy());

  /** A plant's OCPP charger in PV mode in a session since Monday evening, its vehicle on a Tuesday 07:00 plan. */
  async function rig() {
    const charger = await controllerRig(db, tenantId, {
      startedAt: MONDAY_EVENING,
      deps: (shadows) => ({ weekly: (row, at) => weeklyRunOf(db, SPOT, shadows, row, at) }),
    });
    const vehicleId = randomUUID();
    await ocppDb(db)
      .insertInto('ev_vehicles')
      .values({
        id: vehicleId,
        plant_id: charger.plantId,
        name: 'Enyaq',
        capacity_kwh: 20,
        charge_limit_pct: 80,
        manual_soc_pct: 50,
        manual_soc_at: new Date(MONDAY_EVENING).toISOString(),
        created_at: new Date(MONDAY_EVENING).toISOString(),
      })
      .execute();
    // Tuesdays at 07:00 to 90 % (the vehicle's limit, 80 %, caps it): 30 % of 20 kWh, 6 kWh.
    await ocppDb(db)
      .updateTable('chargers')
      .set({ mode: 'solar', vehicle_id: vehicleId, weekly_plan: JSON.stringify({ weekdays: [2], time: '07:00', targetSocPct: 90 }) })
      .where('id', '=', charger.chargerId)
      .execute();
    const row = () => ocppDb(db).selectFrom('chargers').selectAll().where('id', '=', charger.chargerId).executeTakeFirstOrThrow();
    return { row, shadows: charger.shadows, at: charger.at, vehicleId };
  }

  it('plans the vehicle’s energy into the cheapest hour before the departure on the plant’s clock', async () => {
    const { row, shadows } = await rig();
    const run = await weeklyRunOf(db, SPOT, shadows, await row(), MONDAY_EVENING);
    expect(run?.departure).toBe(DEPARTURE);
    expect(run?.neededKwh).toBeCloseTo(6);
    // 11 kW (16 A on three phases, 11.04 kW): 6 kWh is the cheap hour's first 33 minutes, three steps.
    expect(run?.slots).toEqual([[CHEAP, CHEAP + 45 * 60_000]]);
  });

  it('charges at full power in the planned slots in PV mode, and as PV outside them', async () => {
    const charger = await rig();
    // Monday evening, no surplus: PV waits.
    expect(await charger.at(MONDAY_EVENING + 60_000)).toBe(0);
    // In the cheap hour: full power (16 A) though there is no sun.
    expect(await charger.at(CHEAP + 60_000)).toBe(16);
    // After the slots: PV again (it holds the minimum for the stop delay, then pauses).
    expect(await charger.at(CHEAP + 50 * 60_000)).toBe(6);
    expect(await charger.at(CHEAP + 50 * 60_000 + SOLAR_TIMING.stopDelayMs)).toBe(0);
  });

  it('keeps a plan that has begun until the departure, but plans again when a SoC is entered by hand', async () => {
    const charger = await rig();
    expect(await charger.at(MONDAY_EVENING + 60_000)).toBe(0);
    expect(await charger.at(CHEAP + 60_000)).toBe(16);
    // Begun: fifteen minutes later it is not planned again (the SoC entered has not moved while charging).
    expect(await charger.at(CHEAP + 16 * 60_000)).toBe(16);
    // The owner enters 80 %, the vehicle's limit: nothing is left to plan, so PV mode's own rule holds
    // (no surplus: the minimum for the stop delay, then a pause).
    await ocppDb(db)
      .updateTable('ev_vehicles')
      .set({ manual_soc_pct: 80, manual_soc_at: new Date(CHEAP + 17 * 60_000).toISOString() })
      .where('id', '=', charger.vehicleId)
      .execute();
    expect(await charger.at(CHEAP + 18 * 60_000)).toBe(6);
    expect(await charger.at(CHEAP + 18 * 60_000 + SOLAR_TIMING.stopDelayMs)).toBe(0);
  });

  it('runs nothing while the departure is beyond the horizon, or without a vehicle', async () => {
    const { row, shadows } = await rig();
    // Friday before: next Tuesday is more than 48 h away.
    expect(await weeklyRunOf(db, SPOT, shadows, await row(), Date.parse('2026-11-20T12:00:00Z'))).toBeNull();
    expect(await weeklyRunOf(db, SPOT, shadows, { ...(await row()), vehicle_id: null }, MONDAY_EVENING)).toBeNull();
  });
});

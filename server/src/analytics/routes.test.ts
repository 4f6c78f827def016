// The analytics routes through the real app and database: figures to the kWh from written roll-ups,
// who sees which plants, the module and tenant boundaries, and a query count that does not grow with the fleet.
import type { FastifyInstance } from 'fastify';
import type { Kysely, KyselyPlugin } from 'kysely';
import type { Database } from '../db/schema';
import { insertTenant, userWithToken } from '../iot/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { apiPost, createTestApp } from '../testing/test-app';
import { insertFleetPlant, writeJune } from './test-fleet';

const june = { kind: 'month', from: '2025-06-01' } as const;

class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery: KyselyPlugin['transformQuery'] = (args) => {
    this.count += 1;
    return args.node;
  };
  transformResult: KyselyPlugin['transformResult'] = async (args) => args.result;
}

describe.each(databaseTargets())('analytics routes on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  const counter = new QueryCounter();
  let admin: string;
  let viewerOfOne: string;
  let noModule: string;
  let tenant: string;
  const plants: Record<string, { id: string; thingName: string }> = {};
  let theirs: { id: string };

  const withAnalytics = (userId: string) =>
    db.updateTable('users').set({ modules: '["monitoring","analytics"]' }).where('id', '=', userId).execute();

  beforeAll(async () => {
    db = await target.create();
    tenant = await insertTenant(db);
    plants.small = await insertFleetPlant(db, tenant, 'small', 8, { tariff_price_per_kwh: 4 });
    plants.medium = await insertFleetPlant(db, tenant, 'medium', 20);
    plants.idle = await insertFleetPlant(db, tenant, 'idle', 10);
    await writeJune(db, plants.small.thingName, 40);
    await writeJune(db, plants.medium.thingName, 60);
    const other = await insertTenant(db);
    theirs = await insertFleetPlant(db, other, 'theirs', 10);
    await writeJune(db, (theirs as { thingName: string } & typeof theirs).thingName, 50);
    const owner = await userWithToken(db, tenant, 'admin');
    await withAnalytics(owner.id);
    admin = owner.idToken;
    const viewer = await userWithToken(db, tenant, 'viewer');
    await withAnalytics(viewer.id);
    await db.deleteFrom('plant_access').where('user_id', '=', viewer.id).where('plant_id', '!=', plants.medium.id).execute();
    viewerOfOne = viewer.idToken;
    noModule = (await userWithToken(db, tenant, 'admin')).idToken;
    app = await createTestApp(db.withPlugin(counter));
  });

  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  it("sums the month's energy of every visible plant from the day roll-ups, with the balance's percentages", async () => {
    const response = await apiPost(app, 'analytics/overview', { period: june }, admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.plantCount).toBe(3);
    expect(body.period).toEqual({ kind: 'month', from: '2025-06-01', to: '2025-06-30', granularity: 'day' });
    expect(body.totals.produced).toBeCloseTo(30 * (40 + 60), 6);
    expect(body.totals.consumed).toBeCloseTo(30 * 16, 6);
    expect(body.totals.imported).toBeCloseTo(30 * 6, 6);
    expect(body.totals.exported).toBeCloseTo(30 * (35 + 55), 6);
    expect(body.totals.selfConsumptionPct).toBeCloseTo((10 * 30 * 100) / (100 * 30), 6);
    expect(body.totals.autarkyPct).toBeCloseTo(((16 - 6) / 16) * 100, 6);
    // Of the plants that reported: the idle one's 10 kWp without data does not drag it down.
    expect(body.totals.specificYield).toBeCloseTo(3000 / 28, 6);
    expect(body.totals.co2AvoidedKg).toBeCloseTo(3000 * body.method.co2KgPerKwh, 6);
    expect(body.trend).toHaveLength(30);
    expect(body.trend[0].produced).toBeCloseTo(100, 6);
    expect(body.top.map((p: { name: string }) => p.name)).toEqual(['small', 'medium', 'idle']);
  });

  it('prices self-consumed and exported energy by the tariff where the plant has one', async () => {
    const body = (await apiPost(app, 'analytics/overview', { period: june }, admin)).json();
    const czk = body.money.find((m: { currency: string }) => m.currency === 'CZK');
    expect(czk.tariffPlants).toBe(1);
    expect(czk.spotPlants).toBe(2);
    // The small plant: 40 kWh a day at 4 CZK; the medium one has no spot prices in June 2025 here.
    expect(czk.amount).toBeCloseTo(30 * 40 * 4, 6);
    expect(czk.unpricedKwh).toBeCloseTo(30 * 60, 6);
  });

  it('counts a plant that never reported as offline and its performance against the clear sky', async () => {
    const body = (await apiPost(app, 'analytics/benchmark', { period: june, metric: 'availability' }, admin)).json();
    const idle = body.plants.find((p: { name: string }) => p.name === 'idle');
    expect(idle.availabilityPct).toBe(0);
    expect(idle.performanceRatioPct).toBeNull();
    const small = body.plants.find((p: { name: string }) => p.name === 'small');
    expect(small.availabilityPct).toBe(100);
    // 5 kWh/kWp a day against a clear-sky June of roughly 8 kWh/m² a day.
    expect(small.performanceRatioPct).toBeGreaterThan(50);
    expect(small.performanceRatioPct).toBeLessThan(80);
  });

  it('ranks by specific yield with quartiles and filters by size class', async () => {
    const all = (await apiPost(app, 'analytics/benchmark', { period: june, metric: 'specificYield' }, admin)).json();
    expect(all.plants.map((p: { name: string; rank: number }) => [p.name, p.rank])).toEqual([
      ['small', 1],
      ['medium', 2],
      ['idle', 3],
    ]);
    expect(all.quartiles.median).toBeCloseTo(90, 6);
    expect(all.plants[0].quartile).toBe(1);
    const medium = (
      await apiPost(app, 'analytics/benchmark', { period: june, metric: 'specificYield', sizeClass: 'medium' }, admin)
    ).json();
    expect(medium.plants.map((p: { name: string }) => p.name)).toEqual(['medium', 'idle']);
  });

  it('shows a viewer only the plants given to them', async () => {
    const body = (await apiPost(app, 'analytics/benchmark', { period: june, metric: 'specificYield' }, viewerOfOne)).json();
    expect(body.plants.map((p: { name: string; rank: number }) => [p.name, p.rank])).toEqual([['medium', 1]]);
    const overview = (await apiPost(app, 'analytics/overview', { period: june }, viewerOfOne)).json();
    expect(overview.totals.produced).toBeCloseTo(30 * 60, 6);
    expect(
      (await apiPost(app, 'analytics/benchmark/plant', { plantId: plants.small.id, metric: 'specificYield', year: 2025 }, viewerOfOne))
        .statusCode,
    ).toBe(404);
  });

  it('compares a plant with its size class month by month', async () => {
    const response = await apiPost(
      app,
      'analytics/benchmark/plant',
      { plantId: plants.medium.id, metric: 'specificYield', year: 2025 },
      admin,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.sizeClass).toBe('medium');
    // The idle plant of the same class never reported: it is no peer.
    expect(body.peerCount).toBe(1);
    expect(body.plant.rank).toBe(1);
    expect(body.months).toHaveLength(12);
    const juneRow = body.months.find((m: { month: string }) => m.month === '2025-06');
    expect(juneRow.value).toBeCloseTo(90, 6);
    expect(juneRow.peers).toBe(1);
    expect(juneRow.median).toBeCloseTo(90, 6);
  });

  it("answers 404 for another tenant's plant, 403 without the module and 400 for a bad period", async () => {
    expect((await apiPost(app, 'analytics/benchmark/plant', { plantId: theirs.id, metric: 'specificYield' }, admin)).statusCode).toBe(404);
    expect((await apiPost(app, 'analytics/overview', { period: june }, noModule)).statusCode).toBe(403);
    const custom = await apiPost(app, 'analytics/overview', { period: { kind: 'custom', from: '2025-06-01' } }, admin);
    expect(custom.statusCode).toBe(400);
    expect(custom.json().error.code).toBe('BadRequest');
    expect((await apiPost(app, 'analytics/overview', { period: { kind: 'week', from: '2025-06-01' } }, admin)).statusCode).toBe(400);
  });

  it('reads the same number of queries for four plants as for thirty', async () => {
    const queriesOf = async () => {
      const before = counter.count;
      expect((await apiPost(app, 'analytics/benchmark', { period: june, metric: 'specificYield' }, admin)).statusCode).toBe(200);
      return counter.count - before;
    };
    // Each measurement follows a write, so neither reads kept rows (closed-counters.ts).
    await writeJune(db, (await insertFleetPlant(db, tenant, 'one-more', 10)).thingName, 30);
    const few = await queriesOf();
    for (let i = 0; i < 26; i++) await writeJune(db, (await insertFleetPlant(db, tenant, `more-${i}`, 10)).thingName, 30);
    expect(await queriesOf()).toBe(few);
  });
});

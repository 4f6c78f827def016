// Issuing and the forecast API through the real app, on SQLite and PostgreSQL, over a plant with
// the device simulator's history.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { ForecastAccuracy, PlantForecast } from '@helio/contracts';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant, recordingLog, userWithToken } from '../iot/test-fixtures';
import { buildApp } from '../http/app';
import { databaseTargets } from '../testing/databases';
import { apiPost, testConfig } from '../testing/test-app';
import { loadForecastConfig } from './forecast-config';
import { issueTurn } from './issuer';
import { issueForecasts } from './issue';
import { latestForecast } from './latest';
import { forecastDb } from './tables';
import { writeSimulatedHistory } from './testing';

const HOUR = 3_600_000;
const spot = { area: 'CZ', timeZone: 'Europe/Prague', demo: true, eurCzk: 25 };

describe.each(databaseTargets())('forecasts on $name', (target) => {
  const thing = `fc-${randomUUID().slice(0, 8)}`;
  const config = loadForecastConfig({});
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let plantId: string;
  let admin: string;
  let otherAdmin: string;
  let withoutModule: string;

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    const otherTenant = await insertTenant(db);
    await insertPlant(db, tenant, thing);
    plantId = (await db.selectFrom('plants').select('id').where('thing_name', '=', thing).executeTakeFirstOrThrow()).id;
    await writeSimulatedHistory(db, thing, 10, Date.now());
    admin = (await userWithToken(db, tenant, 'admin')).idToken;
    const noFep = await userWithToken(db, tenant, 'operator');
    withoutModule = noFep.idToken;
    otherAdmin = (await userWithToken(db, otherTenant, 'admin')).idToken;
    // The fixtures' users have the monitoring module only; the admins get fep.
    await db.updateTable('users').set({ modules: '["monitoring","fep"]' }).where('role', '=', 'admin').execute();
    app = await buildApp({ db, config: testConfig(), spot });
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  test('an issue run stores one forecast per plant for the hour, reconstructs the past week once, and never issues twice', async () => {
    const log = recordingLog();
    const first = await issueForecasts({ db, config, log, plantIds: [plantId] });
    expect(first).toMatchObject({ plants: 1, issued: 1, reconstructed: 7, weatherFailure: null });
    const again = await issueForecasts({ db, config, log, plantIds: [plantId] });
    expect(again).toMatchObject({ issued: 0, reconstructed: 0 });
    const rows = await forecastDb(db).selectFrom('forecasts').select(['slot', 'reconstructed']).where('plant_id', '=', plantId).execute();
    expect(rows.filter((r) => Number(r.reconstructed) === 0)).toHaveLength(1);
    expect(rows).toHaveLength(8);
    expect(log.lines).toEqual([]);
  });

  test('of two replicas taking their hourly turn together, one issues the next hour and the other skips it', async () => {
    const nextHour = Date.now() - (Date.now() % HOUR) + HOUR + 60_000;
    const turns = await Promise.all(['replica-1', 'replica-2'].map((holder) => issueTurn(db, config, recordingLog(), nextHour, holder)));
    expect(turns.filter((t) => t !== undefined)).toHaveLength(1);
    const slots = await forecastDb(db)
      .selectFrom('forecasts')
      .select('slot')
      .where('plant_id', '=', plantId)
      .where('slot', '=', nextHour - 60_000)
      .execute();
    expect(slots).toHaveLength(1);
    await forecastDb(db)
      .deleteFrom('forecasts')
      .where('slot', '=', nextHour - 60_000)
      .execute();
  });

  test('forecast/get answers 48 h of 15-minute steps with bands around the forecast, tomorrow and the best hours', async () => {
    const response = await apiPost(app, 'forecast/get', { plantId }, admin);
    expect(response.statusCode).toBe(200);
    const forecast = response.json<PlantForecast>();
    expect(forecast.points).toHaveLength(192);
    expect(forecast.source).toBe('offline');
    expect(forecast.weatherFailure).toBeNull();
    for (const p of forecast.points) {
      expect(p.pvP10W).toBeLessThanOrEqual(p.pvW);
      expect(p.pvP90W).toBeGreaterThanOrEqual(p.pvW);
      expect(p.surplusW).toBe(p.pvW - p.loadW);
      expect(p.surplusP10W).toBeLessThanOrEqual(p.surplusW);
    }
    expect(Math.max(...forecast.points.map((p) => p.pvW))).toBeGreaterThan(0);
    expect(Math.max(...forecast.points.map((p) => p.pvP90W - p.pvP10W))).toBeGreaterThan(0);
    expect(forecast.tomorrow?.pvKwh).toBeGreaterThan(0);
    expect(forecast.bestHours.length).toBeGreaterThan(0);
    expect(forecast.bestHours.length).toBeLessThanOrEqual(3);
    // Demo spot prices are on: every best hour has its price.
    for (const hour of forecast.bestHours) expect(hour.priceCzkKwh).not.toBeNull();
  });

  test('latestForecast gives other modules the same forecast as numbers', async () => {
    const latest = await latestForecast(db, plantId);
    expect(latest?.steps).toHaveLength(192);
    expect(latest!.steps[1].start - latest!.steps[0].start).toBe(15 * 60_000);
    expect(latest?.steps[40].surplusW).toBe(latest!.steps[40].pvW - latest!.steps[40].loadW);
    expect(await latestForecast(db, randomUUID())).toBeUndefined();
  });

  test('forecast/accuracy compares the day-before forecasts with what happened', async () => {
    const response = await apiPost(app, 'forecast/accuracy', { plantId, days: 7 }, admin);
    expect(response.statusCode).toBe(200);
    const accuracy = response.json<ForecastAccuracy>();
    expect(accuracy.days).toHaveLength(7);
    const scored = accuracy.days.filter((d) => d.maeKw !== null);
    expect(scored.length).toBeGreaterThanOrEqual(6);
    for (const day of scored) {
      expect(day.reconstructed).toBe(true);
      expect(day.nmaePct).toBeCloseTo(((day.maeKw as number) / 9.8) * 100, 0);
      expect(day.persistenceMaeKw).not.toBeNull();
    }
    expect(accuracy.skill).not.toBeNull();
  });

  test("another tenant's plant is not found, the module is needed, and bad bodies are 400", async () => {
    expect((await apiPost(app, 'forecast/get', { plantId }, otherAdmin)).statusCode).toBe(404);
    expect((await apiPost(app, 'forecast/accuracy', { plantId }, otherAdmin)).statusCode).toBe(404);
    expect((await apiPost(app, 'forecast/get', { plantId }, withoutModule)).statusCode).toBe(403);
    expect((await apiPost(app, 'forecast/accuracy', { plantId, days: 8 }, admin)).statusCode).toBe(400);
    expect((await apiPost(app, 'forecast/get', { plantId: '' }, admin)).statusCode).toBe(400);
    expect((await apiPost(app, 'forecast/get', { plantId, extra: 1 }, admin)).statusCode).toBe(400);
  });

  test('a plant without any forecast answers an empty one, not an error', async () => {
    const tenantId = (await db.selectFrom('plants').select('tenant_id').where('id', '=', plantId).executeTakeFirstOrThrow()).tenant_id;
    const bare = `fc-bare-${randomUUID().slice(0, 6)}`;
    await insertPlant(db, tenantId, bare);
    const bareId = (await db.selectFrom('plants').select('id').where('thing_name', '=', bare).executeTakeFirstOrThrow()).id;
    const forecast = (await apiPost(app, 'forecast/get', { plantId: bareId }, admin)).json<PlantForecast>();
    expect(forecast).toMatchObject({ issuedAt: null, source: null, points: [], tomorrow: null, bestHours: [] });
  });

  test('forecasts older than the retention are deleted by the issue run', async () => {
    const old = Date.now() - 40 * 24 * HOUR;
    await forecastDb(db)
      .insertInto('forecasts')
      .values({
        plant_id: plantId,
        slot: old - (old % HOUR),
        issued_at: new Date(old).toISOString(),
        source: 'offline',
        weather_failure: null,
        bands_from: 'history',
        performance_factor: 0.8,
        reconstructed: 0,
        series: '{}',
      })
      .execute();
    const summary = await issueForecasts({ db, config, log: recordingLog(), plantIds: [plantId] });
    expect(summary.pruned).toBe(1);
  });
});

// The ev API through the real app on SQLite and PostgreSQL: the fleet of chargers, sessions derived
// from stored samples (with and without EvConnected), charge plans, and charger settings written as
// desired state with their access rules.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { EvEndpoints } from '@helio/contracts';
import type { Database } from '../db/schema';
import { startDevices, type DeviceServices } from '../iot/services';
import { insertPlant, insertTenant, recordingLog, userWithToken } from '../iot/test-fixtures';
import { buildApp } from '../http/app';
import { SeriesWriter } from '../series/series-writer';
import { databaseTargets } from '../testing/databases';
import { apiPost, testConfig } from '../testing/test-app';

const MIN = 60_000;
const spot = { area: 'CZ', timeZone: 'Europe/Prague', demo: true, eurCzk: 25 };

async function insertCharger(db: Kysely<Database>, thingName: string, kind: 'charger' | 'inverter' = 'charger'): Promise<string> {
  const plant = await db.selectFrom('plants').select('id').where('thing_name', '=', thingName).executeTakeFirstOrThrow();
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('devices')
    .values({
      id,
      plant_id: plant.id,
      kind,
      name: kind === 'charger' ? 'Wallbox' : 'Inverter',
      maker: 'W',
      model: 'M',
      serial: id.slice(0, 8),
      firmware: '1',
      rated_power_kw: 11,
      capacity_kwh: null,
      live_keys: '[]',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** 5-minute samples of a charging run: power, grid and counter, and EvConnected when given. */
function chargingSamples(from: number, powers: number[], grid: number[], plugged?: number[]) {
  const samples: { metricKey: string; ts: number; value: number }[] = [];
  let kwh = 50;
  powers.forEach((w, i) => {
    const ts = from + i * 5 * MIN;
    if (i > 0) kwh += (w * 5) / 60 / 1000;
    samples.push(
      { metricKey: 'ActPwrEv', ts, value: w },
      { metricKey: 'ActPwrGrid', ts, value: grid[i] },
      { metricKey: 'EnergyEvTotal', ts, value: kwh },
    );
    if (plugged) samples.push({ metricKey: 'EvConnected', ts, value: plugged[i] });
  });
  return samples;
}

describe.each(databaseTargets())('ev API on $name', (target) => {
  const run = randomUUID().slice(0, 8);
  const ours = `ev-ours-${run}`;
  const theirs = `ev-theirs-${run}`;
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let plantId: string;
  let chargerId: string;
  let theirCharger: string;
  let operator: string;
  let viewer: string;
  const now = Date.now();
  const dayStart = now - 20 * 3_600_000;

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    const other = await insertTenant(db);
    await insertPlant(db, tenant, ours);
    await insertPlant(db, other, theirs);
    plantId = (await db.selectFrom('plants').select('id').where('thing_name', '=', ours).executeTakeFirstOrThrow()).id;
    chargerId = await insertCharger(db, ours);
    theirCharger = await insertCharger(db, theirs);
    operator = (await userWithToken(db, tenant, 'operator')).idToken;
    viewer = (await userWithToken(db, tenant, 'viewer')).idToken;
    await db.updateTable('users').set({ modules: '["monitoring","ev"]' }).execute();
    const writer = new SeriesWriter();
    // Older history (no EvConnected): one run of 1 h at 6 kW, all from the sun.
    await writer.writeSamples(
      db,
      ours,
      chargingSamples(dayStart, [0, ...Array(12).fill(6000), 0, 0, 0, 0, 0, 0, 0, 0], Array(21).fill(-500)),
    );
    // Newer: plugged 30 min, 4 kW, the second half from the grid.
    const later = dayStart + 6 * 3_600_000;
    await writer.writeSamples(
      db,
      ours,
      chargingSamples(later, [0, 4000, 4000, 4000, 4000, 0, 0, 0], [0, 0, 0, 4000, 4000, 0, 0, 0], [0, 1, 1, 1, 1, 1, 0, 0]),
    );
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: recordingLog(), clientId: `ev-${run}` });
    app = await buildApp({ db, config, devices, spot });
    await devices.shadows.applyReported(
      ours,
      {
        ActPwrEv: 4140,
        ActPwrGrid: 1035,
        EvConnected: true,
        EvMode: 'solar',
        EvCurrent: 6,
        EvActivePhases: 3,
        EvCarSoc: 40,
        EvCarKwh: 60,
        EvMaxCurrent: 16,
      },
      now,
    );
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await devices.close();
    await target.destroy();
  });

  test('ev/chargers lists the tenant’s chargers with their live state, never another tenant’s', async () => {
    const response = await apiPost(app, 'ev/chargers', {}, viewer);
    expect(response.statusCode).toBe(200);
    const { chargers } = response.json<EvEndpoints['ev/chargers']['response']>();
    expect(chargers.map((c) => c.deviceId)).toEqual([chargerId]);
    expect(chargers[0]).toMatchObject({
      connected: true,
      powerW: 4140,
      mode: 'solar',
      currentA: 6,
      phases: 3,
      solarSharePct: 75,
      carSocPct: 40,
      role: 'viewer',
    });
  });

  test('ev/sessions derives sessions from the samples, history from before EvConnected included', async () => {
    const response = await apiPost(
      app,
      'ev/sessions',
      { plantId, from: new Date(dayStart - 3_600_000).toISOString(), to: new Date(now).toISOString() },
      viewer,
    );
    expect(response.statusCode).toBe(200);
    const list = response.json<EvEndpoints['ev/sessions']['response']>();
    expect(list.sessions).toHaveLength(2);
    const [plugged, older] = list.sessions; // newest first
    expect(plugged.energyKwh).toBeCloseTo((4 * 20) / 60, 2);
    expect(plugged.solarSharePct).toBeCloseTo(50, 1);
    // No tariff: the grid half is priced at the (demo) spot price of its period.
    expect(plugged.priceSource).toBe('spot');
    expect(plugged.costCzk).not.toBeNull();
    expect(plugged.avgPriceCzkKwh).not.toBeNull();
    expect(plugged.end).toBe(new Date(dayStart + 6 * 3_600_000 + 30 * MIN).toISOString());
    expect(older.energyKwh).toBeCloseTo(6, 2);
    expect(older.solarSharePct).toBe(100);
    expect(list.months.reduce((sum, m) => sum + m.sessions, 0)).toBe(2);
  });

  test('ev/sessions refuses a bad range with the field, another tenant’s plant with 404', async () => {
    const bad = await apiPost(app, 'ev/sessions', { plantId, from: 'yesterday', to: new Date(now).toISOString() }, viewer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/from/);
    const theirPlant = (await db.selectFrom('plants').select('id').where('thing_name', '=', theirs).executeTakeFirstOrThrow()).id;
    const foreign = await apiPost(
      app,
      'ev/sessions',
      { plantId: theirPlant, from: new Date(dayStart).toISOString(), to: new Date(now).toISOString() },
      viewer,
    );
    expect(foreign.statusCode).toBe(404);
  });

  test('ev/plan picks slots before departure, and says when the target cannot be reached', async () => {
    const departure = new Date(now + 12 * 3_600_000).toISOString();
    const ok = await apiPost(app, 'ev/plan', { deviceId: chargerId, targetKwh: 10, departure }, viewer);
    expect(ok.statusCode).toBe(200);
    const plan = ok.json<EvEndpoints['ev/plan']['response']>();
    expect(plan).toMatchObject({ reachable: true, neededKwh: 10, plannedKwh: 10, chargerW: 11_000 });
    expect(plan.slots.length).toBeGreaterThan(0);
    expect(Date.parse(plan.expectedFinish!)).toBeLessThanOrEqual(Date.parse(departure));
    expect(plan.steps.reduce((sum, s) => sum + s.plannedW, 0) / 4 / 1000).toBeCloseTo(10, 2);
    // By SoC: 40 % → 80 % of 60 kWh is 24 kWh.
    const bySoc = await apiPost(app, 'ev/plan', { deviceId: chargerId, targetSocPct: 80, departure }, viewer);
    expect(bySoc.json().neededKwh).toBeCloseTo(24, 3);
    const soon = await apiPost(
      app,
      'ev/plan',
      { deviceId: chargerId, targetKwh: 60, departure: new Date(now + 2 * 3_600_000).toISOString() },
      viewer,
    );
    expect(soon.json()).toMatchObject({ reachable: false });
    expect(soon.json().shortfallKwh).toBeGreaterThan(30);
  });

  test('ev/plan refuses a departure out of reach and two targets with 400, another tenant’s charger with 404', async () => {
    const far = await apiPost(
      app,
      'ev/plan',
      { deviceId: chargerId, targetKwh: 5, departure: new Date(now + 72 * 3_600_000).toISOString() },
      viewer,
    );
    expect(far.statusCode).toBe(400);
    expect(far.json().error).toMatchObject({
      code: 'EvPlanInvalid',
      details: { field: 'departure', reason: 'departureOutOfRange', maxHours: 48 },
    });
    const both = await apiPost(
      app,
      'ev/plan',
      { deviceId: chargerId, targetKwh: 5, targetSocPct: 80, departure: new Date(now + 3_600_000).toISOString() },
      viewer,
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatchObject({ code: 'EvPlanInvalid', details: { reason: 'oneTarget' } });
    const foreign = await apiPost(
      app,
      'ev/plan',
      { deviceId: theirCharger, targetKwh: 5, departure: new Date(now + 3_600_000).toISOString() },
      viewer,
    );
    expect(foreign.statusCode).toBe(404);
    const inverter = await insertCharger(db, ours, 'inverter');
    const notCharger = await apiPost(
      app,
      'ev/plan',
      { deviceId: inverter, targetKwh: 5, departure: new Date(now + 3_600_000).toISOString() },
      viewer,
    );
    expect(notCharger.statusCode).toBe(400);
    expect(notCharger.json().error.message).toBe('The device is not a charger (kind: inverter)');
  });

  test('charger settings are desired state: the operator sets them, bad values 400 with the rule, a viewer 403, another tenant 404', async () => {
    const set = await apiPost(app, 'iot/thing/shadow/desired', { thingName: ours, desiredKey: 'EvMaxCurrent', desiredState: 16 }, operator);
    expect(set.statusCode).toBe(200);
    expect(set.json().state.desired.EvMaxCurrent).toBe(16);
    // the 11 kW wallbox delivers 16 A at most
    const aboveRating = await apiPost(
      app,
      'iot/thing/shadow/desired',
      { thingName: ours, desiredKey: 'EvMaxCurrent', desiredState: 20 },
      operator,
    );
    expect(aboveRating.json().error).toMatchObject({ code: 'EvCurrentRange', details: { reason: 'range', hwMaxCurrentA: 16 } });
    const bad = await apiPost(app, 'iot/thing/shadow/desired', { thingName: ours, desiredKey: 'EvMaxCurrent', desiredState: 40 }, operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('EvMaxCurrent must be from 6 to 32 A');
    const mode = await apiPost(app, 'iot/thing/shadow/desired', { thingName: ours, desiredKey: 'EvMode', desiredState: 'turbo' }, operator);
    expect(mode.json().error.message).toMatch(/EvMode must be one of off, solar/);
    const asViewer = await apiPost(
      app,
      'iot/thing/shadow/desired',
      { thingName: ours, desiredKey: 'EvMode', desiredState: 'fast' },
      viewer,
    );
    expect(asViewer.statusCode).toBe(403);
    const foreign = await apiPost(
      app,
      'iot/thing/shadow/desired',
      { thingName: theirs, desiredKey: 'EvMode', desiredState: 'fast' },
      operator,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

// Plant tags, bulk assignment, the registry's tag filter and today's energy, and the fleet summary,
// through the real app and database (SQLite and PostgreSQL).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema';
import type { RegistryPlant } from '../iot/registry/registry';
import { startDevices, type DeviceServices } from '../iot/services';
import { insertPlant, insertTenant, recordingLog, userWithToken } from '../iot/test-fixtures';
import { buildApp } from '../http/app';
import { openAlert } from '../notifications/alert-store';
import { notificationsDb } from '../notifications/notifications-db';
import type { FleetSummary } from '../plants/fleet-summary';
import { calendarOf } from '../series/calendar';
import { SeriesWriter } from '../series/series-writer';
import { databaseTargets } from '../testing/databases';
import { whileAuditRefused } from '../testing/refused-audit';
import { apiPost, testConfig } from '../testing/test-app';
import { addRole, addUser, tokenFor } from '../iam/test-fixtures';
import { grantPlantAccess } from '../plants/access';
import type { TagView } from './tags';

const MINUTE = 60_000;

describe.each(databaseTargets())('plant tags and the fleet on $name', (target) => {
  const run = randomUUID().slice(0, 8);
  const things = { brno: `tag-brno-${run}`, olomouc: `tag-olomouc-${run}`, auckland: `tag-auckland-${run}`, theirs: `tag-theirs-${run}` };
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let tenant: string;
  let otherTenant: string;
  let admin: string;
  let operator: string;
  let otherAdmin: string;
  const ids: Record<keyof typeof things, string> = { brno: '', olomouc: '', auckland: '', theirs: '' };

  beforeAll(async () => {
    db = await target.create();
    tenant = await insertTenant(db);
    otherTenant = await insertTenant(db);
    await insertPlant(db, tenant, things.brno);
    await insertPlant(db, tenant, things.olomouc, { batteryKwh: null });
    await insertPlant(db, tenant, things.auckland, { batteryKwh: 30 });
    await insertPlant(db, otherTenant, things.theirs);
    await db
      .updateTable('plants')
      .set({ timezone: 'Pacific/Auckland', pv_peak_kw: 50 })
      .where('thing_name', '=', things.auckland)
      .execute();
    for (const key of Object.keys(things) as (keyof typeof things)[]) {
      ids[key] = (await db.selectFrom('plants').select('id').where('thing_name', '=', things[key]).executeTakeFirstOrThrow()).id;
    }
    admin = (await userWithToken(db, tenant, 'admin')).idToken;
    operator = (await userWithToken(db, tenant, 'operator')).idToken;
    otherAdmin = (await userWithToken(db, otherTenant, 'admin')).idToken;
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: recordingLog(), clientId: `tags-${run}` });
    app = await buildApp({ db, config, devices });
  });

  afterAll(async () => {
    await app.close();
    await devices.close();
    await target.destroy();
  });

  const call = (path: string, body: object, token = admin) => apiPost(app, path, body, token);
  const create = async (name: string, colour = 'blue', token = admin) => {
    const response = await call('tag/create', { name, colour }, token);
    expect(response.statusCode).toBe(200);
    return response.json<TagView>();
  };
  const tags = async (token = admin) => (await call('tag/list', {}, token)).json<{ tags: TagView[] }>().tags;
  const find = async (filter: object = {}) => (await call('hono/plants/find', { filter })).json<RegistryPlant[]>();

  it('creates, renames, recolours and deletes a tag, each audited', async () => {
    const tag = await create('  Střecha  ', 'orange');
    expect(tag).toEqual({
      id: expect.any(String),
      name: 'Střecha',
      colour: 'orange',
      plantCount: 0,
      createdAt: expect.any(String),
      updatedAt: null,
    });
    const renamed = await call('tag/update', { id: tag.id, name: 'Střecha sever', colour: 'violet' });
    expect(renamed.json()).toMatchObject({ id: tag.id, name: 'Střecha sever', colour: 'violet', updatedAt: expect.any(String) });
    expect((await tags()).map((t) => t.name)).toContain('Střecha sever');
    expect((await call('tag/delete', { id: tag.id })).json()).toEqual({ ok: true, unassigned: 0 });
    expect((await tags()).map((t) => t.id)).not.toContain(tag.id);
    const audit = await db.selectFrom('audit_events').select(['action', 'details']).where('target_id', '=', tag.id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['tags.created', 'tags.deleted', 'tags.updated']);
    expect(JSON.parse(audit.find((a) => a.action === 'tags.updated')?.details ?? '{}')).toEqual({
      name: { from: 'Střecha', to: 'Střecha sever' },
      colour: { from: 'orange', to: 'violet' },
    });
  });

  it('refuses a bad name or colour with 400, and a name the tenant already has (any case) with 409', async () => {
    for (const body of [
      { name: '', colour: 'blue' },
      { name: '   ', colour: 'blue' },
      { name: 'x'.repeat(41), colour: 'blue' },
      { name: 'Ok', colour: '#ff0000' },
      { name: 'Ok' },
      { name: 'Ok', colour: 'blue', extra: 1 },
    ]) {
      expect([JSON.stringify(body), (await call('tag/create', body)).statusCode]).toEqual([JSON.stringify(body), 400]);
    }
    const roof = await create('Roof');
    const duplicate = await call('tag/create', { name: ' rOOF ', colour: 'red' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      error: { code: 'Conflict', message: 'A tag with this name already exists', details: { field: 'name' } },
    });
    const other = await create('Ground');
    expect((await call('tag/update', { id: other.id, name: 'roof' })).statusCode).toBe(409);
    expect((await call('tag/update', { id: roof.id, name: 'ROOF' })).statusCode).toBe(200); // its own name, in new case
    expect((await call('tag/update', { id: roof.id })).statusCode).toBe(400); // nothing to change
    // Another tenant may use the same name.
    expect((await call('tag/create', { name: 'Roof', colour: 'blue' }, otherAdmin)).statusCode).toBe(200);
  });

  it('lets a user without plants:write read tags but not change them', async () => {
    expect((await call('tag/list', {}, operator)).statusCode).toBe(200);
    expect((await call('tag/create', { name: 'Nope', colour: 'blue' }, operator)).statusCode).toBe(403);
    expect((await call('plant/tags/set', { plantIds: [ids.brno], add: [] }, operator)).statusCode).toBe(403);
  });

  it('assigns and unassigns tags on many plants at once; the registry filters by tag and counts show it', async () => {
    const south = await create('South');
    const farm = await create('Farm', 'green');
    const set = await call('plant/tags/set', { plantIds: [ids.brno, ids.olomouc, ids.auckland], add: [south.id, farm.id] });
    expect(set.json()).toEqual({ added: 6, removed: 0 });
    // Again: nothing new.
    expect((await call('plant/tags/set', { plantIds: [ids.brno], add: [south.id] })).json()).toEqual({ added: 0, removed: 0 });
    expect((await call('plant/tags/set', { plantIds: [ids.olomouc, ids.auckland], remove: [south.id] })).json()).toEqual({
      added: 0,
      removed: 2,
    });
    expect((await find({ tag: south.id })).map((p) => p.thingName)).toEqual([things.brno]);
    expect((await find({ tag: farm.id })).map((p) => p.thingName).sort()).toEqual([things.auckland, things.brno, things.olomouc].sort());
    expect((await find({ tag: farm.id, name: 'olomouc' })).map((p) => p.thingName)).toEqual([things.olomouc]);
    expect((await find({ thingName: things.brno }))[0]?.tagIds).toEqual([south.id, farm.id].sort());
    const counted = await tags();
    expect(counted.find((t) => t.id === south.id)?.plantCount).toBe(1);
    expect(counted.find((t) => t.id === farm.id)?.plantCount).toBe(3);
    expect((await call('tag/delete', { id: farm.id })).json()).toEqual({ ok: true, unassigned: 3 });
    expect((await find({ thingName: things.olomouc }))[0]?.tagIds).toEqual([]);
    const assigned = await db
      .selectFrom('audit_events')
      .select('details')
      .where('tenant_id', '=', tenant)
      .where('action', '=', 'tags.assigned')
      .execute();
    expect(assigned).toHaveLength(2); // the call that changed nothing is not recorded
    expect(assigned.map((a) => JSON.parse(a.details))).toContainEqual({
      plants: 2,
      plantIds: [ids.olomouc, ids.auckland],
      add: [],
      remove: ['South'],
      added: 0,
      removed: 2,
    });
  });

  it('counts and deletes a tag only over the plants a non-administrator can see', async () => {
    const shared = await create('Shared');
    expect((await call('plant/tags/set', { plantIds: [ids.brno, ids.olomouc, ids.auckland], add: [shared.id] })).statusCode).toBe(200);
    const role = await addRole(db, tenant, `Tagger ${run}`, ['plants:read', 'plants:write']);
    const tagger = await addUser(db, tenant, { customRoleId: role });
    await grantPlantAccess(db, { plantId: ids.brno, userId: tagger.id, role: 'owner' });
    const token = await tokenFor(db, tagger);
    expect((await tags(token)).find((t) => t.id === shared.id)?.plantCount).toBe(1);
    expect((await tags()).find((t) => t.id === shared.id)?.plantCount).toBe(3);
    const refused = await call('tag/delete', { id: shared.id }, token);
    expect(refused.statusCode).toBe(403);
    expect((await find({ tag: shared.id })).map((p) => p.thingName).sort()).toEqual([things.auckland, things.brno, things.olomouc].sort());
    // a tag only on plants they see is theirs to delete
    const own = await create('Mine');
    await call('plant/tags/set', { plantIds: [ids.brno], add: [own.id] });
    expect((await call('tag/delete', { id: own.id }, token)).json()).toEqual({ ok: true, unassigned: 1 });
    await call('tag/delete', { id: shared.id });
  });

  it("answers 404 for another tenant's tag or plant, and writes nothing", async () => {
    const ours = await create('Ours only');
    const theirs = (await call('tag/create', { name: 'Theirs only', colour: 'red' }, otherAdmin)).json<TagView>();
    for (const [path, body] of [
      ['tag/update', { id: theirs.id, name: 'Taken over' }],
      ['tag/delete', { id: theirs.id }],
      ['plant/tags/set', { plantIds: [ids.brno], add: [theirs.id] }],
      ['plant/tags/set', { plantIds: [ids.brno, ids.theirs], add: [ours.id] }],
      ['plant/tags/set', { plantIds: [ids.brno], remove: [theirs.id] }],
    ] as const) {
      const response = await call(path, body);
      expect([path, JSON.stringify(body), response.statusCode]).toEqual([path, JSON.stringify(body), 404]);
    }
    expect((await find({ thingName: things.brno }))[0]?.tagIds).not.toContain(ours.id);
    expect((await tags(otherAdmin)).map((t) => t.name)).toContain('Theirs only');
    expect((await tags()).map((t) => t.id)).not.toContain(theirs.id);
    expect(await find({ tag: theirs.id })).toEqual([]);
  });

  it('makes no change whose audit entry cannot be written', async () => {
    const kept = (await call('tag/create', { name: 'Kept as it was', colour: 'red' }, otherAdmin)).json<TagView>();
    await whileAuditRefused(db, otherTenant, async () => {
      for (const [path, body] of [
        ['tag/create', { name: 'Never audited', colour: 'blue' }],
        ['tag/update', { id: kept.id, name: 'Renamed unaudited' }],
        ['plant/tags/set', { plantIds: [ids.theirs], add: [kept.id] }],
        ['tag/delete', { id: kept.id }],
      ] as const) {
        const response = await call(path, body, otherAdmin);
        expect([path, response.statusCode]).toEqual([path, 500]);
      }
    });
    expect(await tags(otherAdmin)).toContainEqual({ ...kept, plantCount: 0 });
    expect((await tags(otherAdmin)).map((t) => t.name)).not.toContain('Never audited');
  });

  it("shows today's energy of each plant from its own day's roll-up, not yesterday's", async () => {
    const now = Date.now();
    const writer = new SeriesWriter();
    const power = (start: number, count: number, watts: number, step = 5 * MINUTE) =>
      Array.from({ length: count }, (_, i) => ({ metricKey: 'ActPwrPve', ts: start + i * step, value: watts }));
    const days: Record<string, number> = {};
    for (const key of ['brno', 'auckland'] as const) {
      const dayStart = calendarOf(key === 'brno' ? 'Europe/Prague' : 'Pacific/Auckland').bucketStart('day', now);
      days[key] = dayStart;
      // Yesterday evening (on the plant's clock) and today since midnight, up to now: twelve samples
      // however soon after midnight (a day's energy lies between its samples; one at midnight alone has
      // none, and the test failed in the five minutes after Auckland's midnight), a second apart at least.
      const todayStep = Math.max(1000, Math.min(5 * MINUTE, Math.floor((now - dayStart) / 11)));
      await writer.writeSamples(db, things[key], [...power(dayStart - 60 * MINUTE, 6, 4000), ...power(dayStart, 12, 2000, todayStep)]);
    }
    const dayRollup = async (thing: string, bucket: number) =>
      (
        await db
          .selectFrom('metric_rollups')
          .select('energy_wh')
          .where('thing_name', '=', thing)
          .where('granularity', '=', 'day')
          .where('metric_key', '=', 'ActPwrPve')
          .where('bucket', '=', bucket)
          .executeTakeFirstOrThrow()
      ).energy_wh;
    const plants = await find();
    const shown = (thing: string) => plants.find((p) => p.thingName === thing)?.todayEnergyKwh;
    for (const key of ['brno', 'auckland'] as const) {
      const expected = (await dayRollup(things[key], days[key] ?? 0)) / 1000;
      expect(expected).toBeGreaterThan(0);
      expect(shown(things[key])).toBeCloseTo(expected, 9);
    }
    expect(days.brno).not.toBe(days.auckland); // two different "todays" in one answer
    expect(shown(things.olomouc)).toBeNull();
    const summary = (await call('plant/fleet/summary', {})).json<FleetSummary>();
    expect(summary.todayEnergyKwh).toBeCloseTo((shown(things.brno) ?? 0) + (shown(things.auckland) ?? 0), 9);
  });

  it('sums up the fleet and lists the plants needing attention, most severe first', async () => {
    await devices.shadows.applyReported(things.olomouc, { ActPwrPve: 100 }, Date.now());
    const alerts = notificationsDb(db);
    await openAlert(alerts, {
      tenantId: tenant,
      plantId: ids.olomouc,
      kind: 'batteryLow',
      severity: 'warning',
      startedAt: new Date(),
      details: {},
    });
    await openAlert(alerts, {
      tenantId: tenant,
      plantId: ids.auckland,
      kind: 'inverterFault',
      severity: 'critical',
      startedAt: new Date(),
      details: {},
    });
    await openAlert(alerts, {
      tenantId: otherTenant,
      plantId: ids.theirs,
      kind: 'inverterFault',
      severity: 'critical',
      startedAt: new Date(),
      details: {},
    });
    const response = await call('plant/fleet/summary', {});
    expect(response.statusCode).toBe(200);
    const summary = response.json<FleetSummary>();
    expect(summary).toMatchObject({
      plants: 3,
      online: 1,
      offline: 2,
      withOpenAlerts: 2,
      pvPeakKw: 9.8 + 9.8 + 50,
      batteryKwh: 10 + 30,
      attentionTotal: 3,
    });
    // Critical alert (offline too), then offline without alerts, then the online plant with a warning.
    expect(summary.attention.map((p) => [p.thingName, p.status, p.criticalAlerts, p.warningAlerts])).toEqual([
      [things.auckland, 'offline', 1, 0],
      [things.brno, 'offline', 0, 0],
      [things.olomouc, 'online', 0, 1],
    ]);
    const theirs = (await call('plant/fleet/summary', {}, otherAdmin)).json<FleetSummary>();
    expect(theirs).toMatchObject({ plants: 1, withOpenAlerts: 1, attentionTotal: 1 });
    expect(JSON.stringify(theirs)).not.toContain(ids.auckland);
  });
});

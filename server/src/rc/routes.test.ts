// Remote control through the real app and database (SQLite and PostgreSQL): the state of a plant's
// settings, changes at the shadow's version confirmed by the device's report, the rules (404, 403,
// 400), the history, schedules applied once and restored, and a fleet command over a tag.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { RcCommand, RcFleetResult, RcSchedule, RcState } from '@helio/contracts';
import type { Database } from '../db/schema';
import { startDevices, type DeviceServices } from '../iot/services';
import { insertPlant, insertTenant, recordingLog, userWithToken } from '../iot/test-fixtures';
import { buildApp } from '../http/app';
import { insertTag, setPlantTags } from '../tags/tags';
import { databaseTargets } from '../testing/databases';
import { whileAuditRefused } from '../testing/refused-audit';
import { apiPost, testConfig } from '../testing/test-app';
import { calendarOf } from '../series/calendar';
import { runDueEdges } from './schedule-runner';
import { until } from '../testing/until';
import { createApiKey, revokeApiKey } from '../integrations/api-keys';
import { createWebhook } from '../integrations/webhook-store';
import { loadIntegrationsConfig } from '../integrations/integrations-config';

describe.each(databaseTargets())('remote control on $name', (target) => {
  const run = randomUUID().slice(0, 8);
  const things = { home: `rc-home-${run}`, noBattery: `rc-pv-${run}`, watched: `rc-watched-${run}`, theirs: `rc-theirs-${run}` };
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let operator: string;
  let viewer: string;
  let otherAdmin: string;
  const ids: Record<keyof typeof things, string> = { home: '', noBattery: '', watched: '', theirs: '' };

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    const otherTenant = await insertTenant(db);
    await insertPlant(db, tenant, things.home);
    await insertPlant(db, tenant, things.noBattery, { batteryKwh: null });
    await insertPlant(db, tenant, things.watched);
    await insertPlant(db, otherTenant, things.theirs);
    for (const key of Object.keys(things) as (keyof typeof things)[]) {
      ids[key] = (await db.selectFrom('plants').select('id').where('thing_name', '=', things[key]).executeTakeFirstOrThrow()).id;
    }
    const op = await userWithToken(db, tenant, 'operator');
    operator = op.idToken;
    viewer = (await userWithToken(db, tenant, 'viewer')).idToken;
    otherAdmin = (await userWithToken(db, otherTenant, 'admin')).idToken;
    await db
      .updateTable('users')
      .set({ modules: JSON.stringify(['rc', 'monitoring']) })
      .execute();
    // The operator only watches this plant: a plant role below operator.
    await db.updateTable('plant_access').set({ role: 'viewer' }).where('user_id', '=', op.id).where('plant_id', '=', ids.watched).execute();
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: recordingLog(), clientId: `rc-${run}` });
    app = await buildApp({ db, config, devices });
  });

  afterAll(async () => {
    await app.close();
    await devices.close();
    await target.destroy();
  });

  const call = (path: string, body: object, token = operator) => apiPost(app, path, body, token);
  const state = async (plantId: string, token = operator) => (await call('rc/state', { plantId }, token)).json<RcState>();
  const version = async (thing: string) => (await devices.shadows.get(thing))?.version ?? 0;
  const history = async (plantId: string, filter: object = {}) =>
    (await call('rc/commands/list', { plantId, ...filter })).json<{ commands: RcCommand[] }>().commands;
  /** The gateway applies what it was asked and reports it (what the simulator does on a delta). */
  const deviceReports = (thing: string, reported: Record<string, unknown>) => devices.shadows.applyReported(thing, reported as never);

  it('shows each writable key with its rule, the battery keys only where there is a battery, and who may change', async () => {
    const home = await state(ids.home);
    expect(home.keys.map((k) => k.key)).toEqual(['OperMode', 'ExportLimit', 'BatSocMin', 'BatChargeMax', 'BatDischargeMax', 'ForceCharge']);
    expect(home.keys.find((k) => k.key === 'ExportLimit')?.rule).toEqual({
      kind: 'integer',
      unit: 'W',
      min: 0,
      max: 1_000_000,
      battery: false,
    });
    expect(home.control).toEqual({ allowed: true, reason: null });
    expect((await state(ids.noBattery)).keys.map((k) => k.key)).toEqual(['OperMode', 'ExportLimit']);
    expect((await state(ids.watched)).control).toEqual({ allowed: false, reason: 'plantRole' });
    expect((await state(ids.home, viewer)).control).toEqual({ allowed: false, reason: 'permission' });
  });

  it('calls a plant that never reported offline, as the registry does, not "unknown"', async () => {
    const never = await state(ids.noBattery);
    expect(never.gateway).toEqual({ connected: null, since: null, status: 'offline' });
  });

  it('sends a change at the shadow’s version and has it confirmed by the device’s report, timed, with its webhook event', async () => {
    const tenantId = (await db.selectFrom('plants').select('tenant_id').where('id', '=', ids.home).executeTakeFirstOrThrow()).tenant_id;
    const admin = await userWithToken(db, tenantId, 'admin');
    const hook = await createWebhook(db, {
      tenantId,
      url: 'https://example.com/confirmed',
      events: ['command.confirmed'],
      description: '',
      creator: { id: admin.id, email: 'admin@x' },
    });
    await deviceReports(things.home, { BatSocMin: 10, ExportLimit: 7000 });
    const sent = await call('rc/set', { plantId: ids.home, key: 'BatSocMin', value: 30, expectedVersion: await version(things.home) });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ command: { key: 'BatSocMin', from: 10, to: 30, state: 'sent', source: 'user' } });
    expect((await devices.shadows.get(things.home))?.state.desired).toMatchObject({ BatSocMin: 30 });
    await deviceReports(things.home, { BatSocMin: 30 });
    const confirmed = await until(async () => (await history(ids.home, { key: 'BatSocMin' })).find((c) => c.state === 'confirmed'));
    expect(confirmed).toMatchObject({ from: 10, to: 30, confirmedAt: expect.any(String), confirmMs: expect.any(Number) });
    const [delivery, ...more] = await db
      .selectFrom('webhook_deliveries')
      .select(['event', 'payload'])
      .where('webhook_id', '=', hook.id)
      .execute();
    expect(more).toEqual([]);
    expect(delivery?.event).toBe('command.confirmed');
    expect(JSON.parse(delivery?.payload ?? '{}')).toMatchObject({
      type: 'command.confirmed',
      data: { command: { id: confirmed?.id, plantId: ids.home, key: 'BatSocMin', from: 10, to: 30, state: 'confirmed', source: 'user' } },
    });
    const audit = await db.selectFrom('audit_events').select(['action', 'details']).where('target_id', '=', ids.home).execute();
    expect(audit.map((a) => a.action)).toContain('devices.control_sent');
  });

  it('answers 409 at a stale version with what changed meanwhile, and writes nothing', async () => {
    const stale = await version(things.home);
    await deviceReports(things.home, { ExportLimit: 6500 });
    const response = await call('rc/set', { plantId: ids.home, key: 'ExportLimit', value: 4000, expectedVersion: stale });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.details).toMatchObject({ currentVersion: stale + 1, current: { reported: { ExportLimit: 6500 } } });
    expect((await devices.shadows.get(things.home))?.state.desired.ExportLimit).toBeUndefined();
  });

  it('goes ahead when only measurements moved the version on since the settings the user saw', async () => {
    await deviceReports(things.home, { ExportLimit: 6500 });
    const doc = await devices.shadows.get(things.home);
    const pick = (section: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(section).filter(([k]) => ['ExportLimit', 'BatSocMin', 'OperMode'].includes(k)));
    const seen = { desired: pick(doc!.state.desired), reported: pick(doc!.state.reported) };
    await deviceReports(things.home, { ActPwrPve: 1234 });
    const ok = await call('rc/set', { plantId: ids.home, key: 'ExportLimit', value: 4500, expectedVersion: doc!.version, seen });
    expect(ok.statusCode).toBe(200);
    await deviceReports(things.home, { ExportLimit: 4500, ActPwrPve: 1300 });
    const moved = await call('rc/set', { plantId: ids.home, key: 'ExportLimit', value: 4600, expectedVersion: doc!.version, seen });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.details.current.reported).toMatchObject({ ExportLimit: 4500 });
  });

  it('marks an unconfirmed command superseded by the next one for the key', async () => {
    await call('rc/set', { plantId: ids.home, key: 'BatChargeMax', value: 2000, expectedVersion: await version(things.home) });
    await call('rc/set', { plantId: ids.home, key: 'BatChargeMax', value: 2500, expectedVersion: await version(things.home) });
    const commands = await history(ids.home, { key: 'BatChargeMax' });
    expect(commands.map((c) => [c.to, c.state])).toEqual([
      [2500, 'sent'],
      [2000, 'superseded'],
    ]);
    expect((await history(ids.home, { state: 'superseded' })).every((c) => c.state === 'superseded')).toBe(true);
  });

  it('refuses: another tenant 404, a lesser role 403, a wrong value 400 with the field’s message, an unknown key 400', async () => {
    const set = (plantId: string, key: string, value: unknown, token = operator) =>
      call('rc/set', { plantId, key, value, expectedVersion: 0 }, token);
    expect((await set(ids.home, 'ExportLimit', 1000, otherAdmin)).statusCode).toBe(404);
    expect((await set(ids.watched, 'ExportLimit', 1000)).statusCode).toBe(403);
    expect((await set(ids.home, 'ExportLimit', 1000, viewer)).statusCode).toBe(403);
    const wrong = await set(ids.home, 'BatSocMin', 99);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'SettingValueInvalid',
      message: 'BatSocMin must be from 10 to 90 %',
      details: { field: 'BatSocMin', key: 'BatSocMin', problem: 'range', reason: 'range', min: 10, max: 90, unit: '%' },
    });
    const unknown = await set(ids.home, 'ActPwrPve', 1);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      code: 'SettingValueInvalid',
      details: { field: 'key', key: 'ActPwrPve', problem: 'unknownKey', reason: 'unknownKey' },
    });
    expect((await set(ids.noBattery, 'BatSocMin', 20)).json().error.details).toEqual({
      field: 'key',
      key: 'BatSocMin',
      reason: 'noBattery',
    });
  });

  it('applies a schedule’s start once, even with two replicas at it, and restores the value at its end', async () => {
    await deviceReports(things.home, { OperMode: 'self-consumption' });
    const created = await call('rc/schedules/create', {
      plantId: ids.home,
      key: 'OperMode',
      value: 'backup',
      kind: 'daily',
      start: '01:00',
      end: '05:00',
    });
    expect(created.statusCode).toBe(200);
    const schedule = created.json<RcSchedule>();
    // Today's window on the plant's wall clock; the schedule is made an hour before it starts.
    const prague = calendarOf('Europe/Prague');
    const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const start = prague.instantOfWall(today + 3_600_000);
    const end = prague.instantOfWall(today + 5 * 3_600_000);
    await db
      .updateTable('rc_schedules')
      .set({ created_at: new Date(start - 3_600_000).toISOString() })
      .where('id', '=', schedule.id)
      .execute();
    const applied = await Promise.all([runDueEdges(db, devices, start + 60_000), runDueEdges(db, devices, start + 60_000)]);
    expect(applied.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await devices.shadows.get(things.home))?.state.desired.OperMode).toBe('backup');
    const listed = (await call('rc/schedules/list', { plantId: ids.home })).json<{ schedules: RcSchedule[] }>().schedules;
    expect(listed.find((s) => s.id === schedule.id)).toMatchObject({ active: true, restoreValue: 'self-consumption' });
    expect(await runDueEdges(db, devices, end + 60_000)).toBe(1);
    expect((await devices.shadows.get(things.home))?.state.desired.OperMode).toBe('self-consumption');
    const bySchedule = (await history(ids.home, { key: 'OperMode' })).filter((c) => c.source === 'schedule');
    expect(bySchedule.map((c) => c.to)).toEqual(['self-consumption', 'backup']);
    const foreign = await call('rc/schedules/delete', { id: schedule.id }, otherAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('ScheduleNotFound');
    expect((await call('rc/schedules/delete', { id: schedule.id })).json()).toEqual({ ok: true });
  });

  it('starts no more windows once the user or the key that made a schedule may not control the plant, and still puts back what one replaced', async () => {
    const tenantId = (await db.selectFrom('plants').select('tenant_id').where('id', '=', ids.home).executeTakeFirstOrThrow()).tenant_id;
    const maker = await userWithToken(db, tenantId, 'operator', undefined, ['rc', 'monitoring']);
    const admin = await userWithToken(db, tenantId, 'admin', undefined, ['rc', 'monitoring']);
    const key = await createApiKey(
      db,
      {
        tenantId,
        name: `Scheduler ${run}`,
        scope: 'control',
        plantIds: null,
        expiresAt: null,
        modules: ['rc'],
        creator: { id: admin.id, email: 'a@x' },
      },
      loadIntegrationsConfig({}).keyPepper,
    );
    await devices.shadows.setDesired(things.home, { ExportLimit: null, BatChargeMax: null });
    await deviceReports(things.home, { ExportLimit: 9000, BatChargeMax: 5000 });
    const window = { plantId: ids.home, kind: 'daily', start: '01:00', end: '05:00' };
    const byUser = (await call('rc/schedules/create', { ...window, key: 'ExportLimit', value: 3000 }, maker.idToken)).json<RcSchedule>();
    const byKey = (await call('rc/schedules/create', { ...window, key: 'BatChargeMax', value: 2000 }, key.token)).json<RcSchedule>();
    const prague = calendarOf('Europe/Prague');
    const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const [start, end] = [prague.instantOfWall(today + 3_600_000), prague.instantOfWall(today + 5 * 3_600_000)];
    await db
      .updateTable('rc_schedules')
      .set({ created_at: new Date(start - 3_600_000).toISOString() })
      .where('id', 'in', [byUser.id, byKey.id])
      .execute();
    const desired = async () => (await devices.shadows.get(things.home))?.state.desired ?? {};
    expect(await runDueEdges(db, devices, start + 60_000)).toBe(2);
    expect(await desired()).toMatchObject({ ExportLimit: 3000, BatChargeMax: 2000 });

    await db.updateTable('users').set({ status: 'disabled' }).where('id', '=', maker.id).execute();
    await revokeApiKey(db, tenantId, key.row.id);
    // The windows that ran end as they should: what they replaced is put back.
    expect(await runDueEdges(db, devices, end + 60_000)).toBe(2);
    expect(await desired()).toMatchObject({ ExportLimit: 9000, BatChargeMax: 5000 });
    // The next day's windows do not start, and the list says so.
    expect(await runDueEdges(db, devices, start + 86_400_000 + 60_000)).toBe(0);
    expect(await desired()).toMatchObject({ ExportLimit: 9000, BatChargeMax: 5000 });
    const listed = (await call('rc/schedules/list', { plantId: ids.home })).json<{ schedules: RcSchedule[] }>().schedules;
    expect(listed.filter((s) => [byUser.id, byKey.id].includes(s.id)).map((s) => s.suspended)).toEqual([true, true]);
    for (const id of [byUser.id, byKey.id]) await db.deleteFrom('rc_schedules').where('id', '=', id).execute();
  });

  it('refuses a schedule without its date, or a force charge schedule with its own end', async () => {
    const once = await call('rc/schedules/create', {
      plantId: ids.home,
      key: 'ExportLimit',
      value: 100,
      kind: 'once',
      start: '01:00',
      end: '02:00',
    });
    expect(once.json().error).toMatchObject({ code: 'ScheduleInvalid', details: { field: 'date', reason: 'dateMissing' } });
    const force = await call('rc/schedules/create', {
      plantId: ids.home,
      key: 'ForceCharge',
      value: { targetSoc: 80, until: 'x' },
      kind: 'daily',
      start: '01:00',
      end: '05:00',
    });
    expect(force.statusCode).toBe(400);
    expect(force.json().error).toMatchObject({ code: 'ScheduleInvalid', details: { reason: 'forceChargeShape' } });
    const ok = await call('rc/schedules/create', {
      plantId: ids.home,
      key: 'ForceCharge',
      value: { targetSoc: 80 },
      kind: 'workdays',
      start: '01:00',
      end: '05:00',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('makes no change whose audit entry cannot be written', async () => {
    const theirTenant = (await db.selectFrom('plants').select('tenant_id').where('id', '=', ids.theirs).executeTakeFirstOrThrow())
      .tenant_id;
    const window = { plantId: ids.theirs, key: 'ExportLimit', value: 100, kind: 'daily', start: '01:00', end: '02:00' };
    const kept = (await call('rc/schedules/create', window, otherAdmin)).json<RcSchedule>();
    await whileAuditRefused(db, theirTenant, async () => {
      for (const [path, body] of [
        ['rc/schedules/create', { ...window, start: '03:00', end: '04:00' }],
        ['rc/schedules/delete', { id: kept.id }],
      ] as const) {
        const response = await call(path, body, otherAdmin);
        expect([path, response.statusCode]).toEqual([path, 500]);
      }
    });
    expect((await call('rc/schedules/list', { plantId: ids.theirs }, otherAdmin)).json<{ schedules: RcSchedule[] }>().schedules).toEqual([
      kept,
    ]);
  });

  it('sends a fleet command to every plant of a tag and tells each plant’s outcome', async () => {
    const tenantId = (await db.selectFrom('plants').select('tenant_id').where('id', '=', ids.home).executeTakeFirstOrThrow()).tenant_id;
    const tag = await insertTag(db, tenantId, { name: `Fleet ${run}`, colour: 'blue' });
    await setPlantTags(db, [ids.home, ids.noBattery, ids.watched], [tag], []);
    const plants = (await call('rc/fleet/plants', { tagId: tag })).json<{ plants: { id: string; allowed: boolean }[] }>().plants;
    expect(plants.map((p) => [p.id, p.allowed]).sort()).toEqual(
      [
        [ids.home, true],
        [ids.noBattery, true],
        [ids.watched, false],
      ].sort(),
    );
    const response = await call('rc/fleet/apply', {
      tagId: tag,
      plantIds: [ids.home, ids.noBattery, ids.watched],
      key: 'ExportLimit',
      value: 3000,
    });
    expect(response.statusCode).toBe(200);
    const { results } = response.json<{ results: RcFleetResult[] }>();
    expect(results.map((r) => [r.plantId, r.outcome])).toEqual([
      [ids.home, 'queued'],
      [ids.noBattery, 'queued'],
      [ids.watched, 'refused'],
    ]);
    expect((await devices.shadows.get(things.noBattery))?.state.desired.ExportLimit).toBe(3000);
    expect((await devices.shadows.get(things.watched))?.state.desired.ExportLimit).toBeUndefined();
    expect((await history(ids.noBattery))[0]).toMatchObject({ source: 'fleet', to: 3000, state: 'sent' });
    expect((await call('rc/fleet/apply', { tagId: tag, plantIds: [ids.theirs], key: 'ExportLimit', value: 3000 })).statusCode).toBe(404);
    expect((await call('rc/fleet/apply', { tagId: tag, plantIds: [ids.home], key: 'ExportLimit', value: -1 })).statusCode).toBe(400);
  });
});

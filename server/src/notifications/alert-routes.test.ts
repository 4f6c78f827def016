import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, PlantRole } from '../db/schema';
import { routeTableOf } from '../http/route-table';
import { addRole, addUser, giveTenantPlants, post, tokenFor, type NewUser } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { closeAlert, openAlert } from './alert-store';
import { notificationsDb } from './notifications-db';
import { createNotificationsApp, createNotificationsDb, insertPlant, insertTenant, type TestPlant } from './test-fixtures';

interface AlertBody {
  id: string;
  plantId: string;
  plantName: string;
  kind: string;
  severity: string;
  startedAt: string;
  endedAt: string | null;
  read: boolean;
  details: Record<string, unknown>;
}

describe.each(databaseTargets())('notification centre API on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let tenantId: string;
  let brno: TestPlant;
  let olomouc: TestPlant;
  let foreign: TestPlant;
  let token: string;
  const ids: Record<string, string> = {};
  /** A user of the tenant who sees its plants (plants/access.ts). */
  const member = async (spec: NewUser = {}, plantRole: PlantRole = 'viewer') => {
    const user = await addUser(db, tenantId, spec);
    await giveTenantPlants(db, user.id, tenantId, plantRole);
    return user;
  };
  let operatorToken: string;

  beforeAll(async () => {
    db = await createNotificationsDb(target);
    app = await createNotificationsApp(db);
    tenantId = await insertTenant(db);
    brno = await insertPlant(db, tenantId, { name: 'Brno' });
    olomouc = await insertPlant(db, tenantId, { name: 'Olomouc' });
    foreign = await insertPlant(db, await insertTenant(db), { name: 'Elsewhere' });
    token = await tokenFor(db, await member());
    operatorToken = await tokenFor(db, await member({ role: 'operator' }, 'operator'));
    const ndb = notificationsDb(db);
    const open = async (name: string, plant: TestPlant, kind: 'gatewayOffline' | 'batteryLow', minute: number) => {
      const severity = kind === 'gatewayOffline' ? 'critical' : 'warning';
      const id = await openAlert(ndb, {
        tenantId: plant.tenantId,
        plantId: plant.id,
        kind,
        severity,
        startedAt: new Date(minute * 60_000),
        details: { n: minute },
      });
      ids[name] = id as string;
    };
    await open('brnoOffline', brno, 'gatewayOffline', 1);
    await closeAlert(ndb, ids.brnoOffline as string, new Date(2 * 60_000));
    await open('brnoBattery', brno, 'batteryLow', 3);
    await open('olomoucOffline', olomouc, 'gatewayOffline', 4);
    await open('foreignOffline', foreign, 'gatewayOffline', 5);
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const list = async (body: object, as = token) => {
    const response = await post(app, 'notifications/alerts/list', body, { token: as });
    expect(response.statusCode).toBe(200);
    return response.json<{ alerts: AlertBody[] }>().alerts;
  };
  const idsOf = (alerts: AlertBody[]) => alerts.map((a) => a.id);

  it('lists the organisation’s alerts newest first, never another organisation’s', async () => {
    const alerts = await list({});
    expect(idsOf(alerts)).toEqual([ids.olomoucOffline, ids.brnoBattery, ids.brnoOffline]);
    expect(alerts[2]).toEqual({
      id: ids.brnoOffline,
      plantId: brno.id,
      plantName: 'Brno',
      kind: 'gatewayOffline',
      severity: 'critical',
      startedAt: new Date(60_000).toISOString(),
      endedAt: new Date(120_000).toISOString(),
      read: false,
      details: { n: 1 },
    });
  });

  it('filters by plant, severity and open or closed', async () => {
    expect(idsOf(await list({ plantId: brno.id }))).toEqual([ids.brnoBattery, ids.brnoOffline]);
    expect(idsOf(await list({ severity: 'warning' }))).toEqual([ids.brnoBattery]);
    expect(idsOf(await list({ state: 'closed' }))).toEqual([ids.brnoOffline]);
    expect(idsOf(await list({ state: 'open', plantId: brno.id }))).toEqual([ids.brnoBattery]);
  });

  it('marks alerts read for the caller only, counts the unread, and filters by read', async () => {
    const reader = await tokenFor(db, await member());
    const count = async (as: string) =>
      (await post(app, 'notifications/alerts/unread-count', {}, { token: as })).json<{ count: number }>().count;
    expect(await count(reader)).toBe(3);
    const marked = await post(
      app,
      'notifications/alerts/mark-read',
      { ids: [ids.brnoBattery, ids.brnoBattery, ids.foreignOffline] },
      { token: reader },
    );
    expect(marked.json()).toEqual({ marked: 1 });
    expect((await post(app, 'notifications/alerts/mark-read', { ids: [ids.brnoBattery] }, { token: reader })).json()).toEqual({
      marked: 0,
    });
    expect(await count(reader)).toBe(2);
    expect(idsOf(await list({ read: true }, reader))).toEqual([ids.brnoBattery]);
    expect(idsOf(await list({ read: false }, reader))).toEqual([ids.olomoucOffline, ids.brnoOffline]);
    expect((await list({}, token)).every((a) => !a.read)).toBe(true);
  });

  it('answers 404 for another organisation’s plant', async () => {
    for (const [path, body] of [
      ['notifications/alerts/list', { plantId: foreign.id }],
      ['notifications/thresholds/get', { plantId: foreign.id }],
      ['notifications/thresholds/save', { plantId: foreign.id, batterySocMin: 5, pvMinPercent: 5 }],
    ] as const) {
      const response = await post(app, path, body, { token });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('PlantNotFound');
    }
  });

  it('keeps per-plant thresholds with defaults of 20 % SoC and 10 % of clear-sky PV', async () => {
    const get = (plantId: string) => post(app, 'notifications/thresholds/get', { plantId }, { token });
    expect((await get(olomouc.id)).json()).toEqual({ plantId: olomouc.id, batterySocMin: 20, pvMinPercent: 10 });
    const saved = await post(
      app,
      'notifications/thresholds/save',
      { plantId: olomouc.id, batterySocMin: 35.5, pvMinPercent: 25 },
      { token: operatorToken },
    );
    expect(saved.json()).toEqual({ plantId: olomouc.id, batterySocMin: 35.5, pvMinPercent: 25 });
    expect((await get(olomouc.id)).json()).toEqual({ plantId: olomouc.id, batterySocMin: 35.5, pvMinPercent: 25 });
    expect((await get(brno.id)).json().batterySocMin).toBe(20);
  });

  it.each([
    { batterySocMin: 101, pvMinPercent: 10 },
    { batterySocMin: -1, pvMinPercent: 10 },
    { batterySocMin: 20, pvMinPercent: 0 },
    { batterySocMin: 20, pvMinPercent: 95 },
    { batterySocMin: '20', pvMinPercent: 10 },
  ])('answers 400 for thresholds %j', async (thresholds) => {
    const response = await post(app, 'notifications/thresholds/save', { plantId: brno.id, ...thresholds }, { token: operatorToken });
    expect(response.statusCode).toBe(400);
  });

  it('lets only an operator of the plant change its thresholds: a plant viewer cannot silence alerts', async () => {
    const viewer = await post(app, 'notifications/thresholds/save', { plantId: brno.id, batterySocMin: 0, pvMinPercent: 1 }, { token });
    expect(viewer.statusCode).toBe(403);
    expect((await post(app, 'notifications/thresholds/get', { plantId: brno.id }, { token })).json().batterySocMin).toBe(20);
    const operator = await post(
      app,
      'notifications/thresholds/save',
      { plantId: brno.id, batterySocMin: 15, pvMinPercent: 10 },
      { token: operatorToken },
    );
    expect(operator.statusCode).toBe(200);
    await post(app, 'notifications/thresholds/save', { plantId: brno.id, batterySocMin: 20, pvMinPercent: 10 }, { token: operatorToken });
  });

  it('answers 400 for bad list and mark-read bodies', async () => {
    expect((await post(app, 'notifications/alerts/list', { state: 'ongoing' }, { token })).statusCode).toBe(400);
    expect((await post(app, 'notifications/alerts/list', { read: 'yes' }, { token })).statusCode).toBe(400);
    expect((await post(app, 'notifications/alerts/mark-read', { ids: [] }, { token })).statusCode).toBe(400);
  });

  it('refuses users without the notifications module, and changing thresholds without notifications:manage', async () => {
    const noModule = await tokenFor(db, await addUser(db, tenantId, { modules: ['monitoring'] }));
    for (const path of ['notifications/alerts/list', 'notifications/alerts/unread-count']) {
      expect((await post(app, path, {}, { token: noModule })).statusCode).toBe(403);
    }
    const readOnly = await tokenFor(db, await member({ customRoleId: await addRole(db, tenantId, 'Watcher', ['notifications:read']) }));
    expect((await post(app, 'notifications/thresholds/get', { plantId: brno.id }, { token: readOnly })).statusCode).toBe(200);
    const save = await post(
      app,
      'notifications/thresholds/save',
      { plantId: brno.id, batterySocMin: 1, pvMinPercent: 5 },
      { token: readOnly },
    );
    expect(save.statusCode).toBe(403);
    expect((await post(app, 'notifications/alerts/list', {})).statusCode).toBe(401);
  });

  it('declares a permission on every notification route and the module on the centre’s', () => {
    const routes = routeTableOf(app).filter((r) => r.url.startsWith('/api/notifications/'));
    expect(routes.map((r) => r.url).sort()).toEqual([
      '/api/notifications/alerts/list',
      '/api/notifications/alerts/mark-read',
      '/api/notifications/alerts/unread-count',
      '/api/notifications/push/key',
      '/api/notifications/push/list',
      '/api/notifications/push/remove',
      '/api/notifications/push/rename',
      '/api/notifications/push/subscribe',
      '/api/notifications/push/test',
      '/api/notifications/settings/get',
      '/api/notifications/settings/save',
      '/api/notifications/thresholds/get',
      '/api/notifications/thresholds/save',
    ]);
    for (const route of routes) {
      expect(route.config.permission).toBeDefined();
      // a user's own schedule and push devices are theirs whatever modules the organisation has
      if (!/\/(settings|push)\//.test(route.url)) expect(route.config.module).toBe('notifications');
    }
  });
});

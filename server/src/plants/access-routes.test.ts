// Plant access through the real app, its route table, database and embedded broker: who sees a plant,
// what a plant role allows, and that removing a user takes the plant from every plant-scoped endpoint
// at once (the endpoints are read from the route table, so a new one is covered when it is written).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { startDevices, type DeviceServices } from '../iot';
import { buildApp } from '../http/app';
import { callRoute, routeName, tenantResourcesOf } from '../http/route-probes';
import { isApiRoute, routeTableOf, type RouteEntry } from '../http/route-table';
import { MODULE_KEYS } from '@helio/contracts';
import { PERMISSION_KEYS, type Permission } from '../iam/permissions';
import type { TenantResourceKind } from '../iam/route-access';
import { TEST_IDENTITY, addRole, addUser, tenantIdOf, tokenFor, userIdOf, type TestUser } from '../iam/test-fixtures';
import { TOKEN_LIFETIME_S } from '../auth/tokens';
import { alertRecipients } from '../notifications/alert-mail';
import { openAlert } from '../notifications/alert-store';
import { defaultSettings } from '../notifications/settings';
import { saveSettings } from '../notifications/settings-store';
import { notificationsDb } from '../notifications/notifications-db';
import { databaseTargets } from '../testing/databases';
import { apiPost, testConfig } from '../testing/test-app';
import type { PlantAccessUser } from '@helio/contracts';

const silent = { info() {}, warn() {}, error() {} };

describe.each(databaseTargets())('plant access on $name', (target) => {
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let tenant: string;
  let plant: { id: string; thing_name: string; name: string };
  let adminToken: string;
  let viewerId: string;
  /** A user whose custom role holds every permission and module, but who is no tenant admin. */
  let member: TestUser;
  let memberToken: string;
  let plantScoped: RouteEntry[];
  let vehicleId: string;
  const call = (path: string, body: object, token = adminToken) => apiPost(app, path, body, token);

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: silent, clientId: `plant-access-${randomUUID().slice(0, 8)}` });
    app = await buildApp({ db, config, devices, identity: TEST_IDENTITY });
    await app.listen({ port: 0, host: '127.0.0.1' });
    tenant = await tenantIdOf(db, 'Helio Demo');
    plant = await db
      .selectFrom('plants')
      .select(['id', 'thing_name', 'name'])
      .where('tenant_id', '=', tenant)
      .orderBy('thing_name')
      .executeTakeFirstOrThrow();
    adminToken = await tokenFor(db, {
      id: await userIdOf(db, 'admin@helio.local'),
      email: 'admin@helio.local',
      password: '',
      tenantId: tenant,
    });
    viewerId = await userIdOf(db, 'viewer@helio.local');
    // a vehicle of the plant, for the routes that also name one (ev/vehicle/update, …/remove)
    vehicleId = randomUUID();
    await db
      .insertInto('ev_vehicles')
      .values({
        id: vehicleId,
        plant_id: plant.id,
        name: 'Probe',
        capacity_kwh: 50,
        charge_limit_pct: 80,
        created_at: new Date().toISOString(),
      })
      .execute();
    member = await addUser(db, tenant, {
      customRoleId: await addRole(db, tenant, 'Everything but admin', PERMISSION_KEYS),
      modules: MODULE_KEYS,
    });
    memberToken = await tokenFor(db, member);
    plantScoped = routeTableOf(app)
      .filter(isApiRoute)
      .filter((r) => tenantResourcesOf(r).some((res) => res.kind === 'plant' || res.kind === 'thing'));
  });

  afterAll(async () => {
    await app.close();
    await devices.close();
    await target.destroy();
  });

  /** Values for every id a route takes: the plant, its vehicle, and the demo viewer where a user is named. */
  const fieldsFor = (route: RouteEntry): Record<string, string> => {
    const value: Partial<Record<TenantResourceKind, string>> = {
      plant: plant.id,
      thing: plant.thing_name,
      user: viewerId,
      tenant,
      vehicle: vehicleId,
    };
    // only the plant's own ids: another kind an endpoint may also take (reports/monthly's tag) is left out
    return Object.fromEntries(
      tenantResourcesOf(route)
        .filter((r) => value[r.kind] !== undefined)
        .map((r) => [r.field, value[r.kind] ?? '']),
    );
  };
  /** The token for one route call: a live stream answers as it opens and ends when this token runs out. */
  const memberTokenFor = (route: RouteEntry) =>
    routeName(route) === 'GET /api/live'
      ? tokenFor(db, member, { now: () => Date.now() - (TOKEN_LIFETIME_S - 2) * 1000 })
      : Promise.resolve(memberToken);
  const timeSeries = () =>
    call(
      'metric/time-series',
      {
        pgParams: {
          tenantId: tenant,
          gatewayId: plant.thing_name,
          plantId: plant.id,
          startTime: new Date(Date.now() - 3_600_000).toISOString(),
          endTime: new Date().toISOString(),
        },
      },
      memberToken,
    );
  const sweep = async () => {
    const answers: string[] = [];
    for (const route of plantScoped) {
      const response = await callRoute(app, route, { token: await memberTokenFor(route), fields: fieldsFor(route) });
      answers.push(`${routeName(route)} ${response.statusCode}`);
    }
    answers.push(`POST /api/metric/time-series ${(await timeSeries()).statusCode}`);
    return answers;
  };
  const refused = (answers: string[]) => answers.filter((a) => / (401|403|404)$/.test(a));
  const memberSees = async () => ({
    list: (await call('plant/list', { id: tenant }, memberToken)).json<Array<{ id: string }>>().map((p) => p.id),
    registry: (await call('hono/plants/find', {}, memberToken)).json<Array<{ id: string }>>().map((p) => p.id),
    alerts: (await call('notifications/alerts/list', {}, memberToken))
      .json<{ alerts: Array<{ plantId: string }> }>()
      .alerts.map((a) => a.plantId),
    unread: (await call('notifications/alerts/unread-count', {}, memberToken)).json<{ count: number }>().count,
  });

  it('covers the plant endpoints of every part of the server', () => {
    const names = plantScoped.map(routeName);
    for (const expected of [
      'POST /api/plant/detail',
      'POST /api/plant/update',
      'POST /api/iot/thing/shadow',
      'POST /api/iot/thing/shadow/desired',
      'GET /api/live',
      'POST /api/hono/plants/get',
      'POST /api/metric/list',
      'POST /api/notifications/thresholds/save',
      'POST /api/plant/access/list',
      'POST /api/plant/access/remove',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('shows a user without access nothing of the plant, and no plant at all', async () => {
    await openAlert(notificationsDb(db), {
      tenantId: tenant,
      plantId: plant.id,
      kind: 'gatewayOffline',
      severity: 'critical',
      startedAt: new Date(),
      details: {},
    });
    const answers = await sweep();
    expect(answers.filter((a) => !a.endsWith(' 404'))).toEqual([]);
    expect(await memberSees()).toEqual({ list: [], registry: [], alerts: [], unread: 0 });
  });

  it('gives an existing user access by e-mail, and then every plant endpoint answers them', async () => {
    const granted = await call('plant/access/invite', { id: plant.id, email: member.email.toUpperCase(), role: 'owner' });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ invited: false, user: { userId: member.id, role: 'owner', everyPlant: false } });
    expect(refused(await sweep())).toEqual([]);
    expect(await memberSees()).toEqual({ list: [plant.id], registry: [plant.id], alerts: [plant.id], unread: 1 });
    const listed = (await call('plant/access/list', { id: plant.id }, memberToken)).json<{ users: PlantAccessUser[] }>().users;
    expect(listed.map((u) => [u.email, u.role, u.everyPlant])).toEqual(
      expect.arrayContaining([
        ['admin@helio.local', 'owner', true],
        [member.email, 'owner', false],
        ['operator@helio.local', 'operator', false],
      ]),
    );
    expect(listed.map((u) => u.email)).not.toContain('other@other-energy.local');
  });

  it('takes a removed user off every plant-scoped endpoint at once, and ends their live stream of it', async () => {
    // Back to owner (the sweep above changed the viewer, not the member) and a stream open before removal.
    expect((await call('plant/access/update', { id: plant.id, userId: member.id, role: 'owner' })).statusCode).toBe(200);
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const stream = await fetch(`${base}/api/live?things=${plant.thing_name}`, { headers: { authorization: `Bearer ${memberToken}` } });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    expect((await reader.read()).done).toBe(false);

    const removed = await call('plant/access/remove', { id: plant.id, userId: member.id });
    expect(removed.json()).toEqual({ removed: true });
    const ended = await Promise.race([
      (async () => {
        for (;;) if ((await reader.read()).done) return 'ended';
      })(),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 2000)),
    ]);
    expect(ended).toBe('ended');

    const answers = await sweep();
    expect(answers.filter((a) => !a.endsWith(' 404'))).toEqual([]);
    expect(await memberSees()).toEqual({ list: [], registry: [], alerts: [], unread: 0 });
    expect((await call('plant/access/remove', { id: plant.id, userId: member.id })).json()).toEqual({ removed: false });
  });

  it.each([
    ['viewer', { desired: 403, update: 403, rotate: 403, thresholds: 403, access: 403 }],
    ['operator', { desired: 200, update: 403, rotate: 403, thresholds: 200, access: 403 }],
    ['owner', { desired: 200, update: 200, rotate: 200, thresholds: 200, access: 200 }],
  ] as const)('lets a plant %s write only what the role allows', async (role, expected) => {
    expect((await call('plant/access/update', { id: plant.id, userId: member.id, role })).statusCode).toBe(200);
    const version = (await call('plant/detail', { id: plant.id })).json<{ version: number }>().version;
    const answers = {
      desired: (
        await call('iot/thing/shadow/desired', { thingName: plant.thing_name, desiredKey: 'OperMode', desiredState: 'backup' }, memberToken)
      ).statusCode,
      update: (await call('plant/update', { id: plant.id, payload: { address: `Street ${role}` }, expectedVersion: version }, memberToken))
        .statusCode,
      rotate: (await call('plant/gateway/credentials/rotate', { id: plant.id }, memberToken)).statusCode,
      thresholds: (await call('notifications/thresholds/save', { plantId: plant.id, batterySocMin: 15, pvMinPercent: 10 }, memberToken))
        .statusCode,
      access: (await call('plant/access/update', { id: plant.id, userId: viewerId, role: 'viewer' }, memberToken)).statusCode,
    };
    expect(answers).toEqual(expected);
    // Reading stays open to every plant role.
    expect((await call('plant/detail', { id: plant.id }, memberToken)).statusCode).toBe(200);
  });

  it('writes every grant, role change and removal to the audit log', async () => {
    const user = await addUser(db, tenant, { role: 'viewer' });
    await call('plant/access/invite', { id: plant.id, email: user.email, role: 'viewer' });
    await call('plant/access/update', { id: plant.id, userId: user.id, role: 'operator' });
    await call('plant/access/update', { id: plant.id, userId: user.id, role: 'operator' }); // no change, no entry
    await call('plant/access/remove', { id: plant.id, userId: user.id });
    const events = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('target_id', '=', plant.id)
      .where('action', 'like', 'plants.access_%')
      .orderBy('created_at')
      .execute();
    const ofUser = events.filter((e) => JSON.parse(e.details).userId === user.id);
    expect(ofUser.map((e) => [e.action, JSON.parse(e.details)])).toEqual([
      ['plants.access_granted', { user: user.email, userId: user.id, role: 'viewer' }],
      ['plants.access_role_changed', { user: user.email, userId: user.id, before: 'viewer', after: 'operator' }],
      ['plants.access_revoked', { user: user.email, userId: user.id, role: 'operator' }],
    ]);
    expect(ofUser.every((e) => e.target_label === plant.name && e.tenant_id === tenant)).toBe(true);
  });

  it('invites an unknown e-mail as a new user with access, through the IAM invitation', async () => {
    const email = `new-${randomUUID().slice(0, 8)}@helio.test`;
    const response = await call('plant/access/invite', {
      id: plant.id,
      email,
      role: 'operator',
      name: 'Nová',
      familyName: 'Osoba',
      locale: 'en',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      invited: true,
      user: { email, role: 'operator', status: 'invited', tenantRoleId: 'operator' },
    });
    const mail = await db.selectFrom('outbox').selectAll().where('to', '=', email).execute();
    expect(mail).toHaveLength(1);
    const actions = await db.selectFrom('audit_events').select('action').where('details', 'like', `%${email}%`).execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['plants.access_granted']);
    expect(await db.selectFrom('audit_events').select('action').where('target_label', '=', email).execute()).toEqual([
      { action: 'iam.user_invited' },
    ]);
  });

  it('refuses what plant access cannot change or must not reveal', async () => {
    const withoutIam = await addUser(db, tenant, {
      customRoleId: await addRole(db, tenant, 'Plants only', ['plants:read', 'plants:write'] as Permission[]),
    });
    await call('plant/access/update', { id: plant.id, userId: withoutIam.id, role: 'owner' });
    const token = await tokenFor(db, withoutIam);
    const unknown = await call(
      'plant/access/invite',
      { id: plant.id, email: 'nobody@helio.test', role: 'viewer', name: 'A', familyName: 'B' },
      token,
    );
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([403, 'Forbidden']);
    const noName = await call('plant/access/invite', { id: plant.id, email: 'nobody@helio.test', role: 'viewer' });
    expect(noName.statusCode).toBe(400);
    const admin = await call('plant/access/update', { id: plant.id, userId: await userIdOf(db, 'admin@helio.local'), role: 'viewer' });
    expect([admin.statusCode, admin.json().error.code]).toEqual([409, 'SeesEveryPlant']);
    const again = await call('plant/access/invite', { id: plant.id, email: 'viewer@helio.local', role: 'viewer' });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'AlreadyHasAccess']);
    // Another organisation's user is not revealed: invited like anyone new (iam/invite-elsewhere.test.ts).
    const foreign = await call('plant/access/invite', {
      id: plant.id,
      email: 'other@other-energy.local',
      role: 'viewer',
      name: 'A',
      familyName: 'B',
    });
    expect(foreign.json()).toMatchObject({ invited: true, user: { email: 'other@other-energy.local', status: 'invited' } });
  });

  it('makes a non-administrator who creates a plant its owner', async () => {
    const creator = await addUser(db, tenant, {
      customRoleId: await addRole(db, tenant, 'Plant builder', ['plants:read', 'plants:write'] as Permission[]),
    });
    const token = await tokenFor(db, creator);
    const created = await call(
      'plant/create',
      {
        name: 'Nová',
        location: 'Brno',
        latitude: 49.2,
        longitude: 16.6,
        timezone: 'Europe/Prague',
        pvPeakKw: 5,
      },
      token,
    );
    expect(created.statusCode).toBe(200);
    const id = created.json<{ plant: { id: string } }>().plant.id;
    expect((await call('plant/list', { id: tenant }, token)).json<Array<{ id: string }>>().map((p) => p.id)).toEqual([id]);
    const users = (await call('plant/access/list', { id }, token)).json<{ users: PlantAccessUser[] }>().users;
    expect(users.find((u) => u.userId === creator.id)?.role).toBe('owner');
  });

  it('mails an alert only to users who may see the plant', async () => {
    const settings = {
      ...defaultSettings(),
      enabled: true,
      days: defaultSettings().days.map((d) => ({ ...d, from: '00:00', to: '23:59' })),
    };
    const watcher = await addUser(db, tenant, { role: 'viewer', modules: ['notifications'] });
    const stranger = await addUser(db, tenant, { role: 'viewer', modules: ['notifications'] });
    for (const user of [watcher, stranger]) await saveSettings(notificationsDb(db), user.id, settings);
    await call('plant/access/update', { id: plant.id, userId: watcher.id, role: 'viewer' });
    const startedAt = new Date();
    startedAt.setUTCHours(10, 0, 0, 0);
    const mailed = async () =>
      (await alertRecipients(notificationsDb(db), { id: plant.id, tenant_id: tenant }, startedAt, 'UTC')).map((r) => r.email);
    expect(await mailed()).toContain(watcher.email);
    expect(await mailed()).not.toContain(stranger.email);
    await call('plant/access/remove', { id: plant.id, userId: watcher.id });
    expect(await mailed()).not.toContain(watcher.email);
  });
});

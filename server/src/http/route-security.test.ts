// The generated security test: it walks the app's real route table (devices included) and calls
// every authenticated API endpoint the ways an attacker would. A new endpoint is covered the moment
// it is registered; it only has to declare its permission (and where it takes tenant-owned ids).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt, generateKeyPair } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { MODULE_KEYS } from '@helio/contracts';
import { BUILT_IN_ROLES } from '../iam/permissions';
import { SIGNED_IN, type TenantResourceKind } from '../iam/route-access';
import { addRole, addUser, tenantIdOf, tokenFor, userIdOf } from '../iam/test-fixtures';
import { startSession } from '../auth/sessions';
import { pushDb } from '../push/push-db';
import { saveSubscription } from '../push/push-store';
import { TOKEN_LIFETIME_S } from '../auth/tokens';
import { insertTag } from '../tags/tags';
import { createApiKey } from '../integrations/api-keys';
import { queueDeliveries } from '../integrations/webhook-events';
import { createWebhook } from '../integrations/webhook-store';
import { addCharger } from '../ocpp/chargers';
import { insertSchedule } from '../rc/schedules';
import { databaseTargets } from '../testing/databases';
import { startDemoApp, type DemoApp } from '../testing/demo-app';
import { callRoute, probeSchedule, routeName, sweepRoutes, tenantResourcesOf, undeclaredIdFields, type Probe } from './route-probes';
import { isApiRoute, routeTableOf, type RouteEntry } from './route-table';

/** The only API routes anyone may call without a token. */
const PUBLIC_ROUTES = [
  'POST /api/auth/sign-in',
  'POST /api/auth/refresh',
  'POST /api/auth/sign-out',
  'POST /api/auth/forgot-password',
  'POST /api/auth/confirm-forgot-password',
  'POST /api/auth/complete-new-password',
  'GET /api/health',
  // browsers report CSP violations wherever they happen, signed in or not (size- and rate-limited)
  'POST /api/csp-reports',
];

/**
 * Device routes (server/src/iot, owned elsewhere) that still check access only themselves. Each
 * must gain `config.permission`; the test then insists it leaves this list.
 */
const AWAITING_PERMISSION: string[] = [];
const DEVICE_ROUTES = [
  'POST /api/iot/thing/shadow',
  'POST /api/iot/thing/shadow/desired',
  'GET /api/live',
  'POST /api/hono/plants/find',
  'POST /api/hono/plants/get',
  'POST /api/iot/broker/status',
  'POST /api/plant/gateway/credentials/rotate',
];

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(databaseTargets())('route security on $name', (target) => {
  let db: Kysely<Database>;
  let demo: DemoApp;
  let app: FastifyInstance;
  let routes: RouteEntry[];
  let authenticated: RouteEntry[];
  const tokens: Record<'valid' | 'expired' | 'badSignature' | 'algNone' | 'noPermission' | 'noModules' | 'otherTenant', string> = {
    valid: '',
    expired: '',
    badSignature: '',
    algNone: '',
    noPermission: '',
    noModules: '',
    otherTenant: '',
  };
  /** Tenant B's token for the control calls: it runs out within seconds, so a stream it opens (live) ends too. */
  let otherTenantBriefly: () => Promise<string>;
  /** Ids of tenant A's things, by kind: another tenant must never reach them. */
  let ours: Record<TenantResourceKind, string>;
  /** Fresh ids of tenant B's own things, by kind, for the control calls. */
  let theirs: (kind: TenantResourceKind) => Promise<string>;
  /** Every identifier of tenant A that must never appear in an answer to tenant B. */
  let secrets: string[];

  beforeAll(async () => {
    db = await target.create();
    demo = await startDemoApp(db, 'route-security');
    app = demo.app;
    routes = routeTableOf(app).filter(isApiRoute);
    authenticated = routes.filter((r) => !PUBLIC_ROUTES.includes(routeName(r)));

    const tenantA = await tenantIdOf(db, 'Helio Demo');
    const tenantB = await tenantIdOf(db, 'Other Energy s.r.o.');
    const ownerA = { id: await userIdOf(db, 'admin@helio.local'), email: 'admin@helio.local', password: '', tenantId: tenantA };
    const ownerB = {
      id: await userIdOf(db, 'other@other-energy.local'),
      email: 'other@other-energy.local',
      password: '',
      tenantId: tenantB,
    };
    const sessionA = await startSession(db, ownerA.id, { userAgent: null, address: null });
    tokens.valid = await tokenFor(db, ownerA, { sessionId: sessionA.sessionId });
    tokens.expired = await tokenFor(db, ownerA, { now: () => Date.now() - 60 * 60 * 1000 });
    const foreignKey = await generateKeyPair('ES256');
    const [header] = tokens.valid.split('.');
    const forged = await new SignJWT(decodeJwt(tokens.valid))
      .setProtectedHeader(JSON.parse(Buffer.from(header ?? '', 'base64url').toString()))
      .sign(foreignKey.privateKey);
    tokens.badSignature = forged;
    tokens.algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${tokens.valid.split('.')[1]}.`;
    const nothing = await addRole(db, tenantA, 'Probe: no permissions', []);
    tokens.noPermission = await tokenFor(db, await addUser(db, tenantA, { customRoleId: nothing, modules: MODULE_KEYS }));
    tokens.noModules = await tokenFor(db, await addUser(db, tenantA, { role: 'owner', modules: [] }));
    tokens.otherTenant = await tokenFor(db, ownerB);
    otherTenantBriefly = () => tokenFor(db, ownerB, { now: () => Date.now() - (TOKEN_LIFETIME_S - 3) * 1000 });

    const plantA = await db.selectFrom('plants').selectAll().where('tenant_id', '=', tenantA).executeTakeFirstOrThrow();
    const plantB = await db.selectFrom('plants').selectAll().where('tenant_id', '=', tenantB).executeTakeFirstOrThrow();
    ours = {
      tenant: tenantA,
      plant: plantA.id,
      thing: plantA.thing_name,
      user: await userIdOf(db, 'operator@helio.local'),
      role: await addRole(db, tenantA, 'Probe: ours', ['plants:read']),
      session: sessionA.sessionId,
      device: (await db.selectFrom('devices').select('id').where('plant_id', '=', plantA.id).executeTakeFirstOrThrow()).id,
      tag: await insertTag(db, tenantA, { name: 'Probe: ours', colour: 'blue' }),
      ...(await integrationThings(tenantA)),
      schedule: (await insertSchedule(db, probeSchedule(tenantA, plantA.id))).id,
      charger: await probeCharger(plantA.id),
      vehicle: await probeVehicle(plantA.id),
      pushDevice: await probePushDevice(ownerA.id),
    };
    theirs = async (kind) => {
      if (kind === 'apiKey' || kind === 'webhook' || kind === 'delivery') return (await integrationThings(tenantB))[kind];
      if (kind === 'tenant') return tenantB;
      if (kind === 'plant') return plantB.id;
      if (kind === 'thing') return plantB.thing_name;
      if (kind === 'user') return (await addUser(db, tenantB, { role: 'viewer' })).id;
      if (kind === 'role') return addRole(db, tenantB, `Probe: theirs ${randomUUID()}`, []);
      if (kind === 'device')
        return (await db.selectFrom('devices').select('id').where('plant_id', '=', plantB.id).executeTakeFirstOrThrow()).id;
      if (kind === 'tag') return insertTag(db, tenantB, { name: `Probe: theirs ${randomUUID()}`, colour: 'green' });
      if (kind === 'schedule') return (await insertSchedule(db, probeSchedule(tenantB, plantB.id))).id;
      if (kind === 'charger') return probeCharger(plantB.id);
      if (kind === 'vehicle') return probeVehicle(plantB.id);
      if (kind === 'pushDevice') return probePushDevice(ownerB.id);
      return (await startSession(db, ownerB.id, { userAgent: null, address: null })).sessionId;
    };
    const usersA = await db.selectFrom('users').select(['id', 'email']).where('tenant_id', '=', tenantA).execute();
    const plantsA = await db.selectFrom('plants').select(['id', 'thing_name']).where('tenant_id', '=', tenantA).execute();
    const devicesA = await db
      .selectFrom('devices')
      .select('id')
      .where(
        'plant_id',
        'in',
        plantsA.map((p) => p.id),
      )
      .execute();
    secrets = [
      tenantA,
      ours.role,
      ours.session,
      ours.tag,
      ours.apiKey,
      ours.webhook,
      ours.delivery,
      ours.schedule,
      ours.charger,
      ours.vehicle,
      ours.pushDevice,
      ...usersA.flatMap((u) => [u.id, u.email]),
      ...plantsA.flatMap((p) => [p.id, p.thing_name]),
      ...devicesA.map((d) => d.id),
    ];
  });

  /** A new vehicle of the plant. */
  async function probeVehicle(plantId: string): Promise<string> {
    const id = randomUUID();
    await db
      .insertInto('ev_vehicles')
      .values({ id, plant_id: plantId, name: `Probe ${id}`, capacity_kwh: 50, charge_limit_pct: 80, created_at: new Date().toISOString() })
      .execute();
    return id;
  }

  /** A new OCPP charger of the plant (its charge point id is unique across the installation). */
  async function probeCharger(plantId: string): Promise<string> {
    return (await addCharger(db, { plantId, chargePointId: `probe-${randomUUID().slice(0, 8)}`, name: 'Probe' })).charger.id;
  }

  /** A browser subscribed for push messages by the user. */
  async function probePushDevice(userId: string): Promise<string> {
    const endpoint = `https://push.example.com/send/${randomUUID()}`;
    return (await saveSubscription(pushDb(db), userId, { endpoint, p256dh: 'probe', auth: 'probe', name: 'Probe' })).id;
  }

  /** A tenant's API key, webhook and one queued delivery of it, made by the tenant's owner. */
  async function integrationThings(tenantId: string): Promise<Record<'apiKey' | 'webhook' | 'delivery', string>> {
    const owner = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('tenant_id', '=', tenantId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow();
    const key = await createApiKey(
      db,
      { tenantId, name: 'Probe', scope: 'read', plantIds: null, expiresAt: null, modules: [], creator: owner },
      '',
    );
    const hook = await createWebhook(db, {
      tenantId,
      url: 'https://example.com/hook',
      events: ['alert.opened'],
      description: '',
      creator: owner,
    });
    const payload = { id: `evt_${randomUUID()}`, type: 'alert.opened' as const, createdAt: new Date().toISOString(), data: {} };
    const [delivery] = await queueDeliveries(db, tenantId, [hook.id], payload, Date.now());
    return { apiKey: key.row.id, webhook: hook.id, delivery: delivery as string };
  }

  afterAll(async () => {
    await demo.close();
    await target.destroy();
  });

  const sweep = (list: RouteEntry[], expected: number, probe: (route: RouteEntry) => Probe | Promise<Probe>) =>
    sweepRoutes(app, list, expected, probe);

  const ourFields = (route: RouteEntry) => Object.fromEntries(tenantResourcesOf(route).map((r) => [r.field, ours[r.kind]]));

  it('finds the whole API in the route table', () => {
    const names = routes.map(routeName);
    for (const expected of [
      ...PUBLIC_ROUTES,
      ...DEVICE_ROUTES,
      'POST /api/users/info',
      'POST /api/iam/users/list',
      'POST /api/audit/list',
      'POST /api/plant/list',
      'POST /api/plant/detail',
      'POST /api/plant/update',
      'POST /api/plant/create',
      'POST /api/device/list',
      'POST /api/device/get',
      'POST /api/device/create',
      'POST /api/device/update',
      'POST /api/device/delete',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('uses probe tokens that are otherwise valid, so each refusal is for the one thing wrong with it', async () => {
    const info = routes.find((r) => routeName(r) === 'POST /api/users/info');
    if (!info) throw new Error('users/info missing');
    for (const kind of ['valid', 'noPermission', 'noModules', 'otherTenant'] as const) {
      expect([kind, (await callRoute(app, info, { token: tokens[kind] })).statusCode]).toEqual([kind, 200]);
    }
    expect(decodeJwt(tokens.expired).exp).toBeLessThan(Date.now() / 1000);
    expect(decodeJwt(tokens.badSignature)).toEqual(decodeJwt(tokens.valid));
  });

  it('lists exactly the public routes as public', () => {
    const declaredPublic = routes.filter((r) => r.config.public === true).map(routeName);
    expect(declaredPublic.filter((name) => !PUBLIC_ROUTES.includes(name))).toEqual([]);
  });

  it('has every other API route declare the permission it needs', () => {
    const undeclared = authenticated.filter((r) => r.config.permission === undefined).map(routeName);
    expect(undeclared.filter((name) => !AWAITING_PERMISSION.includes(name))).toEqual([]);
    // Once a device route declares its permission, it must leave AWAITING_PERMISSION (and get the 403 check).
    expect(AWAITING_PERMISSION.filter((name) => !undeclared.includes(name))).toEqual([]);
  });

  it('has every route that takes an id say whose it is', () => {
    expect(authenticated.map((r) => [routeName(r), undeclaredIdFields(r)]).filter(([, fields]) => fields.length > 0)).toEqual([]);
  });

  it.each([
    ['no token', {}],
    ['a Basic credential', { authorization: 'Basic YTpi' }],
  ])('answers 401 to %s on every authenticated route', async (_, probe: Probe) => {
    expect(await sweep(authenticated, 401, (r) => ({ ...probe, fields: ourFields(r) }))).toEqual([]);
  });

  it.each([
    ['expired', 'expired'],
    ['signed by another key', 'badSignature'],
    ['unsigned (alg none)', 'algNone'],
  ] as const)('answers 401 to a token that is %s on every authenticated route', async (_, kind) => {
    expect(await sweep(authenticated, 401, (r) => ({ token: tokens[kind], fields: ourFields(r) }))).toEqual([]);
  });

  it('answers 403 to a user whose role lacks the permission, on every route that needs one', async () => {
    const needing = authenticated.filter((r) => r.config.permission !== undefined && r.config.permission !== SIGNED_IN);
    expect(needing.length).toBeGreaterThan(10);
    expect(await sweep(needing, 403, (r) => ({ token: tokens.noPermission, fields: ourFields(r) }))).toEqual([]);
  });

  // Each built-in role short of owner and admin (who hold every permission) is refused, before any
  // handler runs, every route whose permission it lacks.
  it.each(BUILT_IN_ROLES.filter((role) => role.permissions.length < BUILT_IN_ROLES[0]!.permissions.length))(
    'answers 403 to the $id role on every route whose permission it lacks',
    async (role) => {
      const token = await tokenFor(db, await addUser(db, await tenantIdOf(db, 'Helio Demo'), { role: role.id, modules: MODULE_KEYS }));
      const lacking = authenticated.filter(
        (r) =>
          r.config.permission !== undefined &&
          r.config.permission !== SIGNED_IN &&
          !(role.permissions as readonly string[]).includes(r.config.permission),
      );
      expect(lacking.length).toBeGreaterThan(5);
      expect(await sweep(lacking, 403, (r) => ({ token, fields: ourFields(r) }))).toEqual([]);
    },
  );

  it('answers 403 to a user without the module, on every route of a module', async () => {
    const moduleRoutes = authenticated.filter((r) => r.config.module !== undefined);
    expect(await sweep(moduleRoutes, 403, (r) => ({ token: tokens.noModules, fields: ourFields(r) }))).toEqual([]);
  });

  /** B's own ids for every id a route takes: a route taking several (a plant and a user) is probed one id at a time. */
  const theirFieldsOf = async (route: RouteEntry) => {
    const fields: Record<string, string> = {};
    for (const r of tenantResourcesOf(route)) fields[r.field] = await theirs(r.kind);
    return fields;
  };

  it('answers 404 to another tenant for each tenant-owned id, and not 404 for its own', async () => {
    const scoped = authenticated.filter((r) => tenantResourcesOf(r).length > 0);
    expect(scoped.length).toBeGreaterThan(8);
    const wrong: string[] = [];
    for (const route of scoped) {
      const theirFields = () => theirFieldsOf(route);
      for (const resource of tenantResourcesOf(route)) {
        const foreign = await callRoute(app, route, {
          token: tokens.otherTenant,
          fields: { ...(await theirFields()), [resource.field]: ours[resource.kind] },
        });
        if (foreign.statusCode !== 404) wrong.push(`${routeName(route)} gave tenant B ${foreign.statusCode} for A's ${resource.kind}`);
        const own = await callRoute(app, route, { token: await otherTenantBriefly(), fields: await theirFields() });
        if ([401, 403, 404].includes(own.statusCode))
          wrong.push(`${routeName(route)} refused B its own ${resource.kind} (${own.statusCode}): the 404 proves nothing`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers another tenant’s ids (thing names too) exactly as ids that exist nowhere, so none can be probed', async () => {
    const scoped = authenticated.filter((r) => tenantResourcesOf(r).length > 0);
    expect(scoped.filter((r) => tenantResourcesOf(r).some((resource) => resource.kind === 'thing')).length).toBeGreaterThanOrEqual(3);
    const told: string[] = [];
    for (const route of scoped) {
      for (const resource of tenantResourcesOf(route)) {
        const nowhere = resource.kind === 'thing' ? `nowhere-${randomUUID().slice(0, 8)}` : randomUUID();
        const answerFor = async (id: string) => {
          const response = await callRoute(app, route, {
            token: tokens.otherTenant,
            fields: { ...(await theirFieldsOf(route)), [resource.field]: id },
          });
          return `${response.statusCode} ${response.body.split(id).join('<id>')}`;
        };
        const [foreign, missing] = [await answerFor(ours[resource.kind]), await answerFor(nowhere)];
        if (foreign !== missing) told.push(`${routeName(route)} told A's ${resource.kind} (${foreign}) from none (${missing})`);
      }
    }
    expect(told).toEqual([]);
  });

  it('never shows another tenant anything of tenant A, whatever it calls', async () => {
    const leaks: string[] = [];
    for (const route of authenticated.filter((r) => tenantResourcesOf(r).length === 0)) {
      const response = await callRoute(app, route, { token: tokens.otherTenant });
      const found = secrets.filter((secret) => response.body.includes(secret));
      if (found.length > 0) leaks.push(`${routeName(route)} showed ${found.join(', ')}`);
    }
    expect(leaks).toEqual([]);
  });
});

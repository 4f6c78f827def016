// The generated security test for API keys: it walks the app's real route table (devices included) and
// calls every authenticated endpoint with keys whose creators hold less than the key's row says, as
// when they were demoted after making it. A key never does more than its creator may now, on any route:
// not a permission they lack, not a module they lack, not a plant they do not see; and nothing at all
// once they are disabled or deleted.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createApiKey } from '../integrations/api-keys';
import { KEY_PERMISSIONS } from '../integrations/key-auth';
import { loadIntegrationsConfig } from '../integrations/integrations-config';
import { MODULE_KEYS } from '@helio/contracts';
import { builtInRole, type Permission } from '../iam/permissions';
import { SIGNED_IN, type TenantResourceKind } from '../iam/route-access';
import { addRole, addUser, tenantIdOf, type TestUser } from '../iam/test-fixtures';
import { grantPlantAccess } from '../plants/access';
import { insertSchedule } from '../rc/schedules';
import { databaseTargets } from '../testing/databases';
import { startDemoApp, type DemoApp } from '../testing/demo-app';
import { callRoute, probeSchedule, routeName, sweepRoutes, tenantResourcesOf } from './route-probes';
import { isApiRoute, routeTableOf, type RouteEntry } from './route-table';

/** The ids that name a plant or something of one: a key reaches them only where its creator sees the plant. */
const PLANT_KINDS: readonly TenantResourceKind[] = ['plant', 'thing', 'device', 'schedule'];
/** Streams stay open while their key is valid; live-access.test.ts follows a key's stream to its end. */
const STREAMS = ['GET /api/live'];

describe.each(databaseTargets())('API keys on every route, on $name', (target) => {
  let db: Kysely<Database>;
  let demo: DemoApp;
  let app: FastifyInstance;
  let authenticated: RouteEntry[];
  let tenant: string;
  const pepper = loadIntegrationsConfig({}).keyPepper;

  beforeAll(async () => {
    db = await target.create();
    demo = await startDemoApp(db, 'route-keys');
    app = demo.app;
    authenticated = routeTableOf(app).filter((r) => isApiRoute(r) && r.config.permission !== undefined);
    tenant = await tenantIdOf(db, 'Helio Demo');
  });

  afterAll(async () => {
    await demo.close();
    await target.destroy();
  });

  /** A control key for every plant, stored as it was made: with every module, by `creator`. */
  const controlKeyOf = async (creator: TestUser) =>
    (
      await createApiKey(
        db,
        { tenantId: tenant, name: 'Probe', scope: 'control', plantIds: null, expiresAt: null, modules: MODULE_KEYS, creator },
        pepper,
      )
    ).token;

  const needs = (route: RouteEntry) => route.config.permission;

  it.each([
    ['the built-in viewer', builtInRole('viewer')?.permissions ?? []],
    ['a custom role that only reads plants and manages integrations', ['plants:read', 'integrations:manage']],
    ['a custom role without permissions', []],
  ] as const)('answers 403 to a control key of %s on every route the creator may not call', async (_, permissions) => {
    const role = await addRole(db, tenant, `Key creator ${randomUUID()}`, [...(permissions as readonly Permission[])]);
    const key = await controlKeyOf(await addUser(db, tenant, { customRoleId: role, modules: MODULE_KEYS }));
    const held = permissions as readonly string[];
    const beyond = authenticated.filter((r) => needs(r) === SIGNED_IN || !held.includes(needs(r) ?? ''));
    // The routes that prove the point: the key's scope would allow them, only its creator does not.
    const scopeAllows = beyond.filter((r) => (KEY_PERMISSIONS.control as readonly string[]).includes(needs(r) ?? ''));
    expect(scopeAllows.length).toBeGreaterThan(3);
    expect(await sweepRoutes(app, beyond, 403, () => ({ token: key }))).toEqual([]);
  });

  it('answers 403 to a key on every module route when its creator has lost the modules', async () => {
    const key = await controlKeyOf(await addUser(db, tenant, { role: 'owner', modules: [] }));
    const moduleRoutes = authenticated.filter((r) => r.config.module !== undefined);
    expect(moduleRoutes.length).toBeGreaterThan(10);
    expect(await sweepRoutes(app, moduleRoutes, 403, () => ({ token: key }))).toEqual([]);
  });

  it('answers 404 to a key for every plant its creator does not see, and not 404 for the plant they do', async () => {
    const plants = await db.selectFrom('plants').select(['id', 'thing_name']).where('tenant_id', '=', tenant).orderBy('name').execute();
    const [unseen, seen] = plants;
    if (!unseen || !seen) throw new Error('the demo tenant has several plants');
    const creator = await addUser(db, tenant, { role: 'operator', modules: MODULE_KEYS });
    await grantPlantAccess(db, { plantId: seen.id, userId: creator.id, role: 'operator' });
    const key = await controlKeyOf(creator);
    const idsOf = async (plant: { id: string; thing_name: string }): Promise<Record<string, string>> => ({
      plant: plant.id,
      thing: plant.thing_name,
      device: (await db.selectFrom('devices').select('id').where('plant_id', '=', plant.id).executeTakeFirstOrThrow()).id,
      schedule: (await insertSchedule(db, probeSchedule(tenant, plant.id))).id,
    });
    const [unseenIds, seenIds] = [await idsOf(unseen), await idsOf(seen)];
    const fieldsOf = (route: RouteEntry, ids: Record<string, string>) =>
      Object.fromEntries(tenantResourcesOf(route).map((r) => [r.field, ids[r.kind]]));
    const held = builtInRole('operator')?.permissions ?? [];
    const plantRoutes = authenticated.filter(
      (r) =>
        (held as readonly string[]).includes(needs(r) ?? '') &&
        (KEY_PERMISSIONS.control as readonly string[]).includes(needs(r) ?? '') &&
        tenantResourcesOf(r).length > 0 &&
        tenantResourcesOf(r).every((resource) => PLANT_KINDS.includes(resource.kind)),
    );
    expect(plantRoutes.length).toBeGreaterThan(10);
    expect(await sweepRoutes(app, plantRoutes, 404, (r) => ({ token: key, fields: fieldsOf(r, unseenIds) }))).toEqual([]);
    const refusedOwn: string[] = [];
    for (const route of plantRoutes.filter((r) => !STREAMS.includes(routeName(r)))) {
      const own = await callRoute(app, route, { token: key, fields: fieldsOf(route, seenIds) });
      if ([401, 403, 404].includes(own.statusCode)) refusedOwn.push(`${routeName(route)} refused the seen plant (${own.statusCode})`);
    }
    expect(refusedOwn).toEqual([]);
  });

  it.each([
    ['disabled', (user: TestUser) => db.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.id).execute()],
    ['deleted', (user: TestUser) => db.deleteFrom('users').where('id', '=', user.id).execute()],
  ] as const)('answers 401 on every authenticated route to a key whose creator was %s', async (_, end) => {
    const creator = await addUser(db, tenant, { role: 'owner', modules: MODULE_KEYS });
    const key = await controlKeyOf(creator);
    const plantList = authenticated.find((r) => routeName(r) === 'POST /api/plant/list');
    if (!plantList) throw new Error('plant/list missing');
    expect((await callRoute(app, plantList, { token: key, fields: { id: tenant } })).statusCode).toBe(200);
    await end(creator);
    expect(await sweepRoutes(app, authenticated, 401, () => ({ token: key }))).toEqual([]);
  });
});

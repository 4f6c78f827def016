import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { databaseTargets } from '../testing/databases';
import { apiPost, createTestApp, signIn } from '../testing/test-app';

describe.each(databaseTargets())('user routes on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    app = await createTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  it('users/info describes the caller, their tenant, modules, role and what the role allows', async () => {
    const { idToken } = await signIn(app, 'operator@helio.local', 'Helio-operator-2024!');
    const user = await db
      .selectFrom('users')
      .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
      .select(['users.id', 'tenants.id as tenantId'])
      .where('email', '=', 'operator@helio.local')
      .executeTakeFirstOrThrow();
    const response = await apiPost(app, 'users/info', {}, idToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      sub: user.id,
      email: 'operator@helio.local',
      name: 'Petr',
      family_name: 'Dvořák',
      picture: null,
      tenant: { id: user.tenantId, name: 'Helio Demo' },
      modules: ['ems', 'rc', 'fep', 'ev', 'notifications', 'monitoring', 'management'],
      role: 'operator',
      permissions: ['plants:read', 'devices:read', 'metrics:read', 'notifications:read', 'notifications:manage', 'devices:control'],
    });
  });

  it('users/profile answers the stored locale and preferences', async () => {
    const viewer = await signIn(app, 'viewer@helio.local', 'Helio-viewer-2024!');
    const admin = await signIn(app, 'admin@helio.local', 'Helio-admin-2024!');
    expect((await apiPost(app, 'users/profile', {}, viewer.idToken)).json()).toEqual({ locale: 'en', preferences: {} });

    await db.updateTable('users').set({ preferences: '{"sidebarCollapsed":true}' }).where('email', '=', 'admin@helio.local').execute();
    const response = await apiPost(app, 'users/profile', {}, admin.idToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ locale: 'cs', preferences: { sidebarCollapsed: true } });
  });

  it('answers 401 without a token', async () => {
    for (const path of ['users/info', 'users/profile']) {
      const response = await apiPost(app, path, {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'Unauthorized' } });
    }
  });
});

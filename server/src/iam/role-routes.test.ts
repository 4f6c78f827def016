import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { databaseTargets } from '../testing/databases';
import { whileAuditRefused } from '../testing/refused-audit';
import { PERMISSION_KEYS } from './permissions';
import { addRole, addUser, createIdentityApp, errorCode, post, tenantIdOf, tokenFor, userIdOf } from './test-fixtures';

interface RoleAnswer {
  id: string;
  name: string;
  description: string;
  builtIn: boolean;
  permissions: string[];
  userCount: number;
}

describe.each(databaseTargets())('IAM role and permission routes on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let tenantId: string;
  let token: string;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    app = await createIdentityApp(db);
    tenantId = await tenantIdOf(db, 'Helio Demo');
    token = await tokenFor(db, { id: await userIdOf(db, 'admin@helio.local'), email: 'admin@helio.local', password: '', tenantId });
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const roles = (path: string, body: object) => post(app, `iam/roles/${path}`, body, { token });
  const create = (name: string, permissions: string[] = ['plants:read']) =>
    roles('create', { name, description: ' Reads plants ', permissions });

  it('lists the four built-in roles first, with their permissions and how many users hold them', async () => {
    const list = (await roles('list', {})).json<{ roles: RoleAnswer[] }>().roles;
    expect(list.slice(0, 4).map((r) => [r.id, r.name, r.builtIn, r.userCount])).toEqual([
      ['owner', 'Owner', true, 1],
      ['admin', 'Admin', true, 0],
      ['operator', 'Operator', true, 1],
      ['viewer', 'Viewer', true, 1],
    ]);
    expect(list[0]?.permissions).toEqual(PERMISSION_KEYS);
    expect(list[3]?.permissions).not.toContain('devices:control');
  });

  it('creates a custom role, trimmed, that then grants exactly its permissions', async () => {
    const response = await create(' Field technician ', ['plants:read', 'devices:read', 'devices:control']);
    expect(response.statusCode).toBe(200);
    const role = response.json<RoleAnswer>();
    expect(role).toMatchObject({ name: 'Field technician', description: 'Reads plants', builtIn: false, userCount: 0 });
    const user = await addUser(db, tenantId, { customRoleId: role.id });
    const info = await post(app, 'users/info', {}, { token: await tokenFor(db, user) });
    expect(info.json()).toMatchObject({ role: role.id, permissions: ['plants:read', 'devices:read', 'devices:control'] });
    expect((await roles('list', {})).json<{ roles: RoleAnswer[] }>().roles.find((r) => r.id === role.id)?.userCount).toBe(1);
  });

  it('refuses a name taken by a built-in or custom role, ignoring case and diacritics', async () => {
    await create('Účetní');
    for (const name of ['ucetni', 'ÚČETNÍ ', 'viewer', 'Admin']) {
      const refused = await create(name);
      expect(refused.statusCode).toBe(409);
      expect(errorCode(refused)).toBe('RoleExists');
    }
  });

  it('refuses unknown permissions and empty names with 400', async () => {
    expect((await create('Weird', ['plants:fly'])).statusCode).toBe(400);
    expect((await create('   ')).statusCode).toBe(400);
    expect((await create('Dup', ['plants:read', 'plants:read'])).statusCode).toBe(400);
  });

  it('updates a custom role; its holders get the change on their next request', async () => {
    const role = (await create('Night shift')).json<RoleAnswer>();
    const user = await addUser(db, tenantId, { customRoleId: role.id });
    const userToken = await tokenFor(db, user);
    const updated = await roles('update', { id: role.id, name: 'Night watch', permissions: ['plants:read', 'audit:read'] });
    expect(updated.json()).toMatchObject({ name: 'Night watch', permissions: ['plants:read', 'audit:read'], userCount: 1 });
    expect((await post(app, 'audit/list', {}, { token: userToken })).statusCode).toBe(200);
    expect(errorCode(await roles('update', { id: role.id, name: 'Účetní' }))).toBe('RoleExists');
    expect((await roles('update', { id: role.id, name: 'night WATCH' })).statusCode).toBe(200);
  });

  it('makes no change whose audit entry cannot be written', async () => {
    const kept = (await create('Kept as it was')).json<RoleAnswer>();
    await whileAuditRefused(db, tenantId, async () => {
      for (const [path, body] of [
        ['create', { name: 'Never audited', permissions: ['plants:read'] }],
        ['update', { id: kept.id, name: 'Renamed unaudited', permissions: ['plants:read', 'devices:read'] }],
        ['delete', { id: kept.id }],
      ] as const) {
        const response = await roles(path, body);
        expect([path, response.statusCode]).toEqual([path, 500]);
      }
    });
    const list = (await roles('list', {})).json<{ roles: RoleAnswer[] }>().roles;
    expect(list.find((r) => r.id === kept.id)).toEqual(kept);
    expect(list.map((r) => r.name)).not.toContain('Never audited');
    await roles('delete', { id: kept.id });
  });

  it('refuses to change or delete a built-in role', async () => {
    expect((await roles('update', { id: 'viewer', permissions: ['iam:manage'] })).json()).toMatchObject({ error: { code: 'BuiltInRole' } });
    expect((await roles('delete', { id: 'owner' })).statusCode).toBe(409);
  });

  it('refuses to delete a role while it is assigned, saying to how many', async () => {
    const role = (await create('Assigned')).json<RoleAnswer>();
    const holder = await addUser(db, tenantId, { customRoleId: role.id });
    const refused = await roles('delete', { id: role.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: {
        code: 'Conflict',
        message: 'The role "Assigned" is assigned to 1 user; assign them another role first',
        details: { userCount: 1 },
      },
    });
    await db.updateTable('users').set({ custom_role_id: null }).where('id', '=', holder.id).execute();
    expect((await roles('delete', { id: role.id })).json()).toEqual({ ok: true });
    expect((await roles('delete', { id: role.id })).statusCode).toBe(404);
  });

  it('answers 404 for a role of another tenant', async () => {
    const foreign = await addRole(db, await tenantIdOf(db, 'Other Energy s.r.o.'), 'Theirs', ['plants:read']);
    const update = await roles('update', { id: foreign, name: 'Mine now' });
    expect(update.statusCode).toBe(404);
    expect(update.json().error.code).toBe('RoleNotFound');
    expect((await roles('delete', { id: foreign })).statusCode).toBe(404);
    expect((await roles('list', {})).json<{ roles: RoleAnswer[] }>().roles.map((r) => r.id)).not.toContain(foreign);
  });

  it('keeps a custom-role IAM manager from creating a role with more than they hold', async () => {
    const manager = await addUser(db, tenantId, { customRoleId: await addRole(db, tenantId, 'Role clerk', ['iam:manage', 'plants:read']) });
    const managerToken = await tokenFor(db, manager);
    const refused = await post(app, 'iam/roles/create', { name: 'Escalation', permissions: ['devices:control'] }, { token: managerToken });
    expect(refused.statusCode).toBe(403);
    expect(
      (await post(app, 'iam/roles/create', { name: 'Readers', permissions: ['plants:read'] }, { token: managerToken })).statusCode,
    ).toBe(200);
  });

  it('lists the permission catalogue with what each allows and which roles grant it', async () => {
    const response = await post(app, 'iam/permissions/list', {}, { token });
    const permissions = response.json<{ permissions: Array<{ key: string; description: string; grantedBy: Array<{ id: string }> }> }>()
      .permissions;
    expect(permissions.map((p) => p.key)).toEqual(PERMISSION_KEYS);
    const control = permissions.find((p) => p.key === 'devices:control');
    expect(control?.description).toMatch(/device settings/);
    expect(control?.grantedBy.map((r) => r.id)).toEqual(expect.arrayContaining(['owner', 'admin', 'operator']));
    expect(control?.grantedBy.map((r) => r.id)).not.toContain('viewer');
    const audit = permissions.find((p) => p.key === 'audit:read');
    expect(audit?.grantedBy.some((r) => r.id !== 'owner' && r.id !== 'admin')).toBe(true); // the Night watch role
  });

  it('is for iam:manage holders only', async () => {
    const operator = await addUser(db, tenantId, { role: 'operator' });
    for (const path of ['iam/roles/list', 'iam/permissions/list']) {
      expect((await post(app, path, {}, { token: await tokenFor(db, operator) })).statusCode).toBe(403);
    }
  });
});

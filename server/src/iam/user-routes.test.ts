import type { ErrorBody } from '@helio/contracts';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { databaseTargets } from '../testing/databases';
import { refreshCookieOf } from '../testing/test-app';
import { PERMISSION_KEYS } from './permissions';
import { LAST_ADMINISTRATOR, LAST_OWNER } from './user-admin';
import type { IamUserView } from './user-view';
import {
  addRole,
  addUser,
  createIdentityApp,
  errorCode,
  freshAddress,
  mailsTo,
  post,
  tenantIdOf,
  tokenFor,
  userIdOf,
  type TestUser,
} from './test-fixtures';

describe.each(databaseTargets())('IAM user routes on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let tenantId: string;
  let owner: TestUser;
  let ownerToken: string;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    app = await createIdentityApp(db);
    tenantId = await tenantIdOf(db, 'Helio Demo');
    owner = { id: await userIdOf(db, 'admin@helio.local'), email: 'admin@helio.local', password: 'Helio-admin-2024!', tenantId };
    ownerToken = await tokenFor(db, owner);
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const iam = (path: string, body: object, token = ownerToken) => post(app, `iam/users/${path}`, body, { token });
  const invite = (fields: Partial<{ email: string; role: string; modules: string[]; locale: 'cs' | 'en' }> = {}, token = ownerToken) =>
    iam(
      'invite',
      {
        email: `new-${Math.random().toString(36).slice(2, 8)}@helio.test`,
        name: 'Nový',
        family_name: 'Uživatel',
        role: 'operator',
        modules: ['monitoring'],
        locale: 'cs',
        ...fields,
      },
      token,
    );

  describe('list', () => {
    it('lists the tenant’s users only, with role, status and last sign-in', async () => {
      await post(app, 'auth/sign-in', { username: 'viewer@helio.local', password: 'Helio-viewer-2024!' }, { address: freshAddress() });
      const users = (await iam('list', {})).json<{ users: IamUserView[] }>().users;
      expect(users.map((u) => u.email)).not.toContain('other@other-energy.local');
      const viewer = users.find((u) => u.email === 'viewer@helio.local');
      expect(viewer).toMatchObject({
        name: 'Eva',
        role: { id: 'viewer', name: 'Viewer', builtIn: true },
        status: 'active',
        modules: ['monitoring', 'notifications'],
        locale: 'en',
      });
      expect(Date.parse(viewer?.lastSignInAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    });

    it('finds users by e-mail or name, ignoring case and diacritics', async () => {
      const found = (search: string) => iam('list', { search }).then((r) => r.json<{ users: IamUserView[] }>().users.map((u) => u.email));
      expect(await found('novakova')).toEqual(['admin@helio.local']);
      expect(await found('PETR dvo')).toEqual(['operator@helio.local']);
      expect(await found('zzz-nobody')).toEqual([]);
    });
  });

  describe('invite', () => {
    it('creates an invited user and mails a temporary password in their language', async () => {
      const response = await invite({ email: 'Invited.Person@Helio.Test', role: 'viewer', locale: 'cs' });
      expect(response.statusCode).toBe(200);
      const user = response.json<IamUserView>();
      expect(user).toMatchObject({
        email: 'invited.person@helio.test',
        status: 'invited',
        role: { id: 'viewer' },
        modules: ['monitoring'],
        locale: 'cs',
        lastSignInAt: null,
      });
      expect(Date.parse(user.invitationExpiresAt ?? '') - Date.now()).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);
      const [mail] = await mailsTo(db, 'invited.person@helio.test');
      expect(mail).toMatchObject({ language: 'cs', subject: 'Pozvánka do Helio EMS (Helio Demo)' });
      const temporary = /Dočasné heslo: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
      const signIn = await post(
        app,
        'auth/sign-in',
        { username: 'invited.person@helio.test', password: temporary },
        { address: freshAddress() },
      );
      expect(signIn.json()).toMatchObject({ challenge: 'NEW_PASSWORD_REQUIRED' });
    });

    it('sends a new temporary password when someone still invited is invited again', async () => {
      const email = 'twice@helio.test';
      await invite({ email });
      const again = await invite({ email, role: 'viewer' });
      expect(again.json()).toMatchObject({ status: 'invited', role: { id: 'viewer' } });
      const mails = await mailsTo(db, email);
      expect(mails).toHaveLength(2);
      expect(mails[0]?.text).not.toBe(mails[1]?.text);
    });

    it('refuses an e-mail a user of the organisation has (409), an unknown role (404), a bad body (400)', async () => {
      expect(errorCode(await invite({ email: 'viewer@helio.local' }))).toBe('UserExists');
      expect((await invite({ role: 'no-such-role' })).statusCode).toBe(404);
      expect((await invite({ email: 'not-an-email' })).statusCode).toBe(400);
      expect((await invite({ modules: ['teleport'] })).statusCode).toBe(400);
    });

    it('assigns a custom role of the tenant, but not one of another tenant', async () => {
      const roleId = await addRole(db, tenantId, 'Night shift', ['plants:read', 'devices:read']);
      expect((await invite({ role: roleId })).json()).toMatchObject({ role: { id: roleId, name: 'Night shift', builtIn: false } });
      const foreign = await addRole(db, await tenantIdOf(db, 'Other Energy s.r.o.'), 'Foreign', []);
      expect((await invite({ role: foreign })).statusCode).toBe(404);
    });
  });

  describe('update, disable, enable, delete', () => {
    it('changes role and modules, effective on the user’s next request', async () => {
      const user = await addUser(db, tenantId, { role: 'viewer', modules: ['monitoring'] });
      const token = await tokenFor(db, user);
      const response = await iam('update', { id: user.id, role: 'operator', modules: ['monitoring', 'rc'] });
      expect(response.json()).toMatchObject({ role: { id: 'operator' }, modules: ['monitoring', 'rc'] });
      expect((await post(app, 'users/info', {}, { token })).json()).toMatchObject({ role: 'operator', modules: ['monitoring', 'rc'] });
    });

    it('disables a user: their tokens and sessions stop at once; enabling lets them sign in again', async () => {
      const user = await addUser(db, tenantId);
      const signIn = () => post(app, 'auth/sign-in', { username: user.email, password: user.password }, { address: freshAddress() });
      const session = await signIn();
      const token = session.json<{ idToken: string }>().idToken;
      expect((await iam('disable', { id: user.id })).json()).toMatchObject({ status: 'disabled' });
      expect((await post(app, 'users/info', {}, { token })).statusCode).toBe(401);
      expect((await post(app, 'auth/refresh', {}, { cookie: refreshCookieOf(session) ?? '' })).statusCode).toBe(401);
      expect(errorCode(await signIn())).toBe('UserDisabled');
      expect((await iam('enable', { id: user.id })).json()).toMatchObject({ status: 'active' });
      expect((await signIn()).statusCode).toBe(200);
    });

    it('deletes a user and everything that signs them in', async () => {
      const user = await addUser(db, tenantId);
      const token = await tokenFor(db, user);
      expect((await iam('delete', { id: user.id })).json()).toEqual({ ok: true });
      expect(await db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual([]);
      expect((await post(app, 'users/info', {}, { token })).statusCode).toBe(401);
      expect((await iam('delete', { id: user.id })).statusCode).toBe(404);
    });

    it('never demotes, disables or deletes the last active owner', async () => {
      const tenant = await tenantIdOf(db, 'Other Energy s.r.o.');
      const lone = {
        id: await userIdOf(db, 'other@other-energy.local'),
        email: 'other@other-energy.local',
        password: '',
        tenantId: tenant,
      };
      const loneToken = await tokenFor(db, lone);
      const admin = await addUser(db, tenant, { role: 'admin' });
      for (const role of ['admin', 'viewer']) {
        const refused = await iam('update', { id: lone.id, role }, loneToken);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({ error: { code: 'LastAdministrator', message: LAST_OWNER } });
      }
      // An admin cannot touch the owner at all; a second owner makes the first one free to step down.
      expect((await iam('disable', { id: lone.id }, await tokenFor(db, admin))).statusCode).toBe(403);
      const second = await addUser(db, tenant, { role: 'owner' });
      expect((await iam('update', { id: lone.id, role: 'admin' }, loneToken)).json()).toMatchObject({ role: { id: 'admin' } });
      const secondToken = await tokenFor(db, second);
      expect(errorCode(await iam('update', { id: second.id, role: 'admin' }, secondToken))).toBe('LastAdministrator');
      expect((await iam('update', { id: lone.id, role: 'owner' }, secondToken)).statusCode).toBe(200);
      expect((await iam('delete', { id: second.id }, loneToken)).statusCode).toBe(200);
    });

    it('keeps an owner or admin in a tenant that has no owner', async () => {
      const tenant = randomUUID();
      await db.insertInto('tenants').values({ id: tenant, name: 'Ownerless', created_at: new Date().toISOString() }).execute();
      const first = await addUser(db, tenant, { role: 'admin' });
      const second = await addUser(db, tenant, { role: 'admin' });
      const firstToken = await tokenFor(db, first);
      expect((await iam('update', { id: second.id, role: 'operator' }, firstToken)).statusCode).toBe(200);
      const refused = await iam('update', { id: first.id, role: 'viewer' }, firstToken);
      expect(refused.json()).toEqual({ error: { code: 'LastAdministrator', message: LAST_ADMINISTRATOR } });
    });

    it('does not count an invited or a disabled owner as the one that remains', async () => {
      const tenant = randomUUID();
      await db.insertInto('tenants').values({ id: tenant, name: 'Small', created_at: new Date().toISOString() }).execute();
      const active = await addUser(db, tenant, { role: 'owner' });
      await addUser(db, tenant, { role: 'owner', temporaryUntil: new Date(Date.now() + 3600_000) });
      await addUser(db, tenant, { role: 'owner', status: 'disabled' });
      expect(errorCode(await iam('update', { id: active.id, role: 'admin' }, await tokenFor(db, active)))).toBe('LastAdministrator');
    });

    it('refuses disabling or deleting oneself', async () => {
      expect((await iam('disable', { id: owner.id })).json()).toEqual({
        error: { code: 'Conflict', message: 'You cannot disable your own account' },
      });
      expect((await iam('delete', { id: owner.id })).json()).toEqual({
        error: { code: 'Conflict', message: 'You cannot delete your own account' },
      });
    });

    it('lets only owners grant the Owner role or touch an owner', async () => {
      const admin = await addUser(db, tenantId, { role: 'admin' });
      const adminToken = await tokenFor(db, admin);
      const viewer = await addUser(db, tenantId, { role: 'viewer' });
      expect((await iam('update', { id: viewer.id, role: 'owner' }, adminToken)).json()).toEqual({
        error: { code: 'Forbidden', message: 'Only an owner can grant the Owner role' },
      });
      expect((await iam('disable', { id: owner.id }, adminToken)).statusCode).toBe(403);
      expect((await invite({ role: 'owner' }, adminToken)).statusCode).toBe(403);
      expect((await iam('update', { id: viewer.id, role: 'admin' }, adminToken)).statusCode).toBe(200);
    });

    it('keeps a custom-role IAM manager from granting more than they hold', async () => {
      const manager = await addUser(db, tenantId, {
        customRoleId: await addRole(db, tenantId, 'People manager', ['iam:manage', 'plants:read']),
      });
      const token = await tokenFor(db, manager);
      const narrow = await addRole(db, tenantId, 'Plant reader', ['plants:read']);
      const reader = await addUser(db, tenantId, { customRoleId: narrow });
      const refused = await iam('update', { id: reader.id, role: 'operator' }, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { details: { permissions: expect.arrayContaining(['devices:control']) } } });
      const none = await addRole(db, tenantId, 'Nothing yet', []);
      expect((await iam('update', { id: reader.id, role: none }, token)).statusCode).toBe(200);
    });

    it('never lets anyone act on a user who holds more than they do', async () => {
      const manager = await addUser(db, tenantId, { customRoleId: await addRole(db, tenantId, 'Only people', ['iam:manage']) });
      const token = await tokenFor(db, manager);
      const operator = await addUser(db, tenantId, { role: 'operator' });
      const admin = await addUser(db, tenantId, { role: 'admin' });
      for (const path of ['disable', 'enable', 'delete']) {
        const answer = await iam(path, { id: operator.id }, token);
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toMatchObject({ error: { details: { permissions: expect.arrayContaining(['devices:control']) } } });
        expect((await iam(path, { id: admin.id }, token)).statusCode).toBe(403);
      }
      expect((await iam('update', { id: operator.id, modules: [] }, token)).statusCode).toBe(403);
    });

    it('keeps a custom role holding every permission from making anyone (itself included) an administrator who sees every plant', async () => {
      const everything = await addRole(db, tenantId, 'Everything', [...PERMISSION_KEYS]);
      const almighty = await addUser(db, tenantId, { customRoleId: everything });
      const token = await tokenFor(db, almighty);
      const self = await iam('update', { id: almighty.id, role: 'admin' }, token);
      expect(self.statusCode).toBe(403);
      expect(self.json<ErrorBody>().error.message).toMatch(/sees every plant/);
      const other = await addUser(db, tenantId, { role: 'viewer' });
      expect((await iam('update', { id: other.id, role: 'admin' }, token)).statusCode).toBe(403);
      const admin = await addUser(db, tenantId, { role: 'admin' });
      expect((await iam('disable', { id: admin.id }, token)).statusCode).toBe(403);
      expect((await db.selectFrom('users').select('role').where('id', '=', almighty.id).executeTakeFirstOrThrow()).role).toBe('viewer');
    });

    it('answers 404 for a user of another tenant', async () => {
      const foreign = await userIdOf(db, 'other@other-energy.local');
      for (const path of ['update', 'disable', 'enable', 'delete']) expect((await iam(path, { id: foreign })).statusCode).toBe(404);
    });
  });
});

import type { ErrorBody } from '@helio/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { databaseTargets } from '../testing/databases';
import { forbiddenModule } from './access-hook';
import { access, SIGNED_IN } from './route-access';
import { addRole, addUser, createIdentityApp, post, tenantIdOf, tokenFor } from './test-fixtures';

describe.each(databaseTargets())('access control hook on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let tenantId: string;
  let calls = 0;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    app = await createIdentityApp(db);
    tenantId = await tenantIdOf(db, 'Helio Demo');
    const handler = async () => {
      calls++;
      return { ok: true };
    };
    const body = { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } };
    app.post('/api/test/signed-in', { config: { permission: SIGNED_IN }, schema: { body } }, handler);
    app.post('/api/test/control', { config: access('devices:control'), schema: { body } }, handler);
    app.post('/api/test/notifications', { config: access('notifications:manage', { module: 'notifications' }), schema: { body } }, handler);
    // a route that declares no access does its own check (here: a valid session)
    const ownCheck = async (request: FastifyRequest) => {
      request.user = await request.server.authenticator.authenticate(request.headers.authorization);
    };
    app.post('/api/test/own-check', { preHandler: ownCheck, schema: { body } }, handler);
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const call = async (path: string, token?: string, body: object = { n: 1 }) => {
    const before = calls;
    const response = await post(app, path, body, token ? { token } : {});
    return {
      status: response.statusCode,
      body: response.json<Partial<ErrorBody>>(),
      ran: calls > before,
    };
  };

  it('answers 401 before anything else runs when the token is missing', async () => {
    for (const path of ['test/signed-in', 'test/control', 'test/notifications'])
      expect(await call(path)).toMatchObject({ status: 401, ran: false });
  });

  it('authenticates before validating: a bad body without a token is a 401, with one a 400', async () => {
    expect(await call('test/control', undefined, { n: 'x' })).toMatchObject({ status: 401, ran: false });
    const operator = await addUser(db, tenantId, { role: 'operator' });
    expect(await call('test/control', await tokenFor(db, operator), { n: 'x' })).toMatchObject({ status: 400, ran: false });
  });

  it('lets any signed-in user through a SIGNED_IN route', async () => {
    const nobody = await addUser(db, tenantId, { customRoleId: await addRole(db, tenantId, 'Nobody', []), modules: [] });
    expect(await call('test/signed-in', await tokenFor(db, nobody))).toMatchObject({ status: 200, ran: true });
  });

  it('answers 403 Forbidden naming the permission the role lacks, without running the handler', async () => {
    const viewer = await addUser(db, tenantId, { role: 'viewer' });
    const result = await call('test/control', await tokenFor(db, viewer));
    expect(result).toMatchObject({ status: 403, ran: false });
    expect(result.body).toEqual({
      error: { code: 'Forbidden', message: 'You do not have the devices:control permission', details: { permission: 'devices:control' } },
    });
    const operator = await addUser(db, tenantId, { role: 'operator' });
    expect(await call('test/control', await tokenFor(db, operator))).toMatchObject({ status: 200, ran: true });
  });

  it('grants what a custom role grants, and nothing of the built-in role behind it', async () => {
    const controller = await addUser(db, tenantId, { customRoleId: await addRole(db, tenantId, 'Controller', ['devices:control']) });
    expect(await call('test/control', await tokenFor(db, controller))).toMatchObject({ status: 200 });
    expect(await call('test/notifications', await tokenFor(db, controller))).toMatchObject({ status: 403 });
  });

  it('refuses a module route to a user without the module, even with the permission', async () => {
    const withModule = await addUser(db, tenantId, { role: 'owner', modules: ['notifications'] });
    const without = await addUser(db, tenantId, { role: 'owner', modules: ['monitoring'] });
    expect(await call('test/notifications', await tokenFor(db, withModule))).toMatchObject({ status: 200, ran: true });
    const refused = await call('test/notifications', await tokenFor(db, without));
    expect(refused).toMatchObject({ status: 403, ran: false });
    expect(refused.body.error).toEqual({
      code: 'Forbidden',
      message: forbiddenModule('notifications').message,
      details: { module: 'notifications' },
    });
  });

  it('sees a role change on the very next request', async () => {
    const user = await addUser(db, tenantId, { role: 'viewer' });
    const token = await tokenFor(db, user);
    expect((await call('test/control', token)).status).toBe(403);
    await db.updateTable('users').set({ role: 'operator' }).where('id', '=', user.id).execute();
    expect((await call('test/control', token)).status).toBe(200);
  });

  it('leaves routes that declare nothing to their own checks', async () => {
    expect(await call('test/own-check')).toMatchObject({ status: 401, ran: false });
    const viewer = await addUser(db, tenantId, { role: 'viewer' });
    expect(await call('test/own-check', await tokenFor(db, viewer))).toMatchObject({ status: 200, ran: true });
  });
});

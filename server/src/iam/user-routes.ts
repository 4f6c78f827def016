// iam/users/*: list and search the tenant's users, change role and modules, disable, enable and
// delete, within the rules of user-admin.ts. Every change lands in the audit log.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { recordAudit, type AuditAction } from '../audit/audit-log';
import type { Database } from '../db/schema';
import { parseModules } from '../http/auth';
import { announceAccessEnded } from '../identity/access-ended';
import { revokeUserSessions } from '../identity/sessions';
import { registerInviteRoute, type IamDeps } from './invite';
import { access } from './route-access';
import {
  assertAdministratorRemains,
  assertMayTouch,
  assertNotSelf,
  demotes,
  effectiveRoleId,
  requireTenantRole,
  requireTenantUser,
  roleColumns,
  withTenantLock,
  type UserRow,
} from './user-admin';
import { iamUserView, listTenantUsers } from './user-view';
import { iamEndpoints, type IamEndpoints } from '@helio/contracts';
import { contractSchema } from '../http/contract-schema';

const userResource = { tenantResources: [{ field: 'id', kind: 'user' }] } as const;

export async function registerIamUserRoutes(app: FastifyInstance, deps: IamDeps): Promise<void> {
  const { db } = deps;

  const audit = (
    trx: Transaction<Database>,
    request: FastifyRequest,
    action: AuditAction,
    target: UserRow,
    details?: Record<string, unknown>,
  ) =>
    recordAudit(trx, {
      tenantId: request.user.tenantId,
      action,
      actor: { id: request.user.sub, email: request.user.email },
      target: { type: 'user', id: target.id, label: target.email },
      ...(details ? { details } : {}),
      address: request.ip,
    });

  app.post<{ Body: IamEndpoints['iam/users/list']['request'] }>(
    '/api/iam/users/list',
    {
      config: access('iam:manage'),
      schema: contractSchema(iamEndpoints['iam/users/list']),
    },
    async (request) => ({ users: await listTenantUsers(db, request.user.tenantId, request.body.search) }),
  );

  await registerInviteRoute(app, deps);

  app.post<{ Body: IamEndpoints['iam/users/update']['request'] }>(
    '/api/iam/users/update',
    { config: access('iam:manage', userResource), schema: contractSchema(iamEndpoints['iam/users/update']) },
    async (request) => {
      const actor = request.user;
      const { id, role: roleId, modules } = request.body;
      const target = await requireTenantUser(db, actor.tenantId, id);
      const role = roleId === undefined ? undefined : await requireTenantRole(db, actor.tenantId, roleId);
      await assertMayTouch(db, actor, target, role);
      const updated = await withTenantLock(db, actor.tenantId, async (trx) => {
        const current = await requireTenantUser(trx, actor.tenantId, target.id); // as it is now, under the lock
        if (role) await requireTenantRole(trx, actor.tenantId, role.id);
        const changes: Partial<Pick<UserRow, 'role' | 'custom_role_id' | 'modules'>> = {};
        if (role) {
          const columns = roleColumns(role);
          if (demotes(current, columns)) await assertAdministratorRemains(trx, actor.tenantId, current);
          Object.assign(changes, columns);
        }
        if (modules) changes.modules = JSON.stringify(modules);
        if (Object.keys(changes).length > 0) {
          await trx.updateTable('users').set(changes).where('id', '=', target.id).execute();
          await audit(trx, request, 'iam.user_updated', current, {
            before: { role: effectiveRoleId(current), modules: parseModules(current.modules) },
            after: { role: role?.id ?? effectiveRoleId(current), modules: modules ?? parseModules(current.modules) },
          });
        }
        return trx.selectFrom('users').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
      });
      return iamUserView(db, updated);
    },
  );

  app.post<{ Body: IamEndpoints['iam/users/disable']['request'] }>(
    '/api/iam/users/disable',
    { config: access('iam:manage', userResource), schema: contractSchema(iamEndpoints['iam/users/disable']) },
    async (request) => {
      const target = await requireTenantUser(db, request.user.tenantId, request.body.id);
      assertNotSelf(request.user, target, 'disable');
      await assertMayTouch(db, request.user, target);
      const updated = await withTenantLock(db, request.user.tenantId, async (trx) => {
        const current = await requireTenantUser(trx, request.user.tenantId, target.id);
        await assertAdministratorRemains(trx, request.user.tenantId, current);
        await trx.updateTable('users').set({ status: 'disabled' }).where('id', '=', target.id).execute();
        if (current.status !== 'disabled') await audit(trx, request, 'iam.user_disabled', current);
        return trx.selectFrom('users').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
      });
      // Their tokens already stop at the next request (the authenticator reads the status); sessions go too.
      await revokeUserSessions(db, target.id);
      announceAccessEnded(db, { userId: target.id }); // their open live streams end now
      return iamUserView(db, updated);
    },
  );

  app.post<{ Body: IamEndpoints['iam/users/enable']['request'] }>(
    '/api/iam/users/enable',
    { config: access('iam:manage', userResource), schema: contractSchema(iamEndpoints['iam/users/enable']) },
    async (request) => {
      const target = await requireTenantUser(db, request.user.tenantId, request.body.id);
      await assertMayTouch(db, request.user, target);
      const updated = await withTenantLock(db, request.user.tenantId, async (trx) => {
        const current = await requireTenantUser(trx, request.user.tenantId, target.id);
        await trx.updateTable('users').set({ status: 'active' }).where('id', '=', target.id).execute();
        if (current.status !== 'active') await audit(trx, request, 'iam.user_enabled', current);
        return trx.selectFrom('users').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
      });
      return iamUserView(db, updated);
    },
  );

  app.post<{ Body: IamEndpoints['iam/users/delete']['request'] }>(
    '/api/iam/users/delete',
    { config: access('iam:manage', userResource), schema: contractSchema(iamEndpoints['iam/users/delete']) },
    async (request) => {
      const target = await requireTenantUser(db, request.user.tenantId, request.body.id);
      assertNotSelf(request.user, target, 'delete');
      await assertMayTouch(db, request.user, target);
      await withTenantLock(db, request.user.tenantId, async (trx) => {
        const current = await requireTenantUser(trx, request.user.tenantId, target.id);
        await assertAdministratorRemains(trx, request.user.tenantId, current);
        // Sessions, refresh tokens, challenges and reset codes go with the row (foreign keys cascade).
        await trx.deleteFrom('users').where('id', '=', target.id).execute();
        await audit(trx, request, 'iam.user_deleted', target, { name: `${target.name} ${target.family_name}` });
      });
      announceAccessEnded(db, { userId: target.id });
      return { ok: true };
    },
  );
}

// Changes to the tenant's users: role and modules, disable, enable and delete, within the rules of
// user-admin.ts (nobody acts above their own rank, the tenant keeps an active owner or admin, nobody
// disables or deletes themselves). Each change runs under the tenant lock and lands in the audit log.
import type { IamEndpoints } from '@helio/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { AuditAction } from '../audit/audit-log';
import { recordRequestAudit, type RequestCaller } from '../audit/request-audit';
import type { ClusterBus } from '../cluster/bus';
import type { Database } from '../db/schema';
import { parseModules } from '../http/auth';
import { announceAccessEnded } from '../auth/access-ended';
import { revokeUserSessions } from '../auth/sessions';
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
import { iamUserView, type IamUserView } from './user-view';

const audit = (
  trx: Transaction<Database>,
  caller: RequestCaller,
  action: AuditAction,
  target: UserRow,
  details: Record<string, unknown> = {},
) => recordRequestAudit(trx, caller, action, { type: 'user', id: target.id, label: target.email }, details);

const reread = (trx: Transaction<Database>, id: string) =>
  trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** What a change that ends a user's access needs: the database and the bus it is announced on. */
type ChangeDeps = { db: Kysely<Database>; bus: ClusterBus };

/** Gives a user another role and/or modules; a demotion must leave the tenant an administrator. */
export async function updateIamUser(
  db: Kysely<Database>,
  caller: RequestCaller,
  { id, role: roleId, modules }: IamEndpoints['iam/users/update']['request'],
): Promise<IamUserView> {
  const actor = caller.user;
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
      await audit(trx, caller, 'iam.user_updated', current, {
        before: { role: effectiveRoleId(current), modules: parseModules(current.modules) },
        after: { role: role?.id ?? effectiveRoleId(current), modules: modules ?? parseModules(current.modules) },
      });
    }
    return reread(trx, target.id);
  });
  return iamUserView(db, updated);
}

/** Disables a user: their tokens stop at the next request, their sessions and live streams end now. */
export async function disableIamUser({ db, bus }: ChangeDeps, caller: RequestCaller, id: string): Promise<IamUserView> {
  const { tenantId } = caller.user;
  const target = await requireTenantUser(db, tenantId, id);
  assertNotSelf(caller.user, target, 'disable');
  await assertMayTouch(db, caller.user, target);
  const updated = await withTenantLock(db, tenantId, async (trx) => {
    const current = await requireTenantUser(trx, tenantId, target.id);
    await assertAdministratorRemains(trx, tenantId, current);
    await trx.updateTable('users').set({ status: 'disabled' }).where('id', '=', target.id).execute();
    if (current.status !== 'disabled') await audit(trx, caller, 'iam.user_disabled', current);
    return reread(trx, target.id);
  });
  // The authenticator reads the status, so their tokens already stop; their sessions go too.
  await revokeUserSessions(db, target.id);
  announceAccessEnded(bus, { userId: target.id });
  return iamUserView(db, updated);
}

export async function enableIamUser(db: Kysely<Database>, caller: RequestCaller, id: string): Promise<IamUserView> {
  const { tenantId } = caller.user;
  const target = await requireTenantUser(db, tenantId, id);
  await assertMayTouch(db, caller.user, target);
  const updated = await withTenantLock(db, tenantId, async (trx) => {
    const current = await requireTenantUser(trx, tenantId, target.id);
    await trx.updateTable('users').set({ status: 'active' }).where('id', '=', target.id).execute();
    if (current.status !== 'active') await audit(trx, caller, 'iam.user_enabled', current);
    return reread(trx, target.id);
  });
  return iamUserView(db, updated);
}

/** Deletes a user; sessions, refresh tokens, challenges and reset codes go with the row (foreign keys cascade). */
export async function deleteIamUser({ db, bus }: ChangeDeps, caller: RequestCaller, id: string): Promise<void> {
  const { tenantId } = caller.user;
  const target = await requireTenantUser(db, tenantId, id);
  assertNotSelf(caller.user, target, 'delete');
  await assertMayTouch(db, caller.user, target);
  await withTenantLock(db, tenantId, async (trx) => {
    const current = await requireTenantUser(trx, tenantId, target.id);
    await assertAdministratorRemains(trx, tenantId, current);
    await trx.deleteFrom('users').where('id', '=', target.id).execute();
    await audit(trx, caller, 'iam.user_deleted', target, { name: `${target.name} ${target.family_name}` });
  });
  announceAccessEnded(bus, { userId: target.id });
}

// plant/access/*: who may see a plant and with what role on it (plants/access.ts has the model). Listing
// needs plants:read and sight of the plant; inviting, changing a role and removing need plants:write and
// the owner role on the plant (tenant owners and admins are owners of every plant). Every change is
// audited; a removed user loses the plant on every endpoint at once and their live streams of it end.
import { refuseWhileProbing } from '../security/name-probes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditAction } from '../audit/audit-log';
import { plantTarget, recordRequestAudit } from '../audit/request-audit';
import type { Database, Locale, PlantRole } from '../db/schema';
import { requireUser } from '../http/auth';
import { plantAccessEndpoints, type PlantAccessEndpoints, type PlantAccessUser } from '@helio/contracts';
import { contractSchema } from '../http/contract-schema';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { inviteUser, type IamDeps } from '../iam/invite';
import type { ModuleKey } from '../iam/modules';
import { access } from '../iam/route-access';
import { effectiveRoleId, findTenantUser, type UserRow } from '../iam/user-admin';
import { statusOf, type IamUserStatus } from '../iam/user-view';
import { normalizeEmail } from '../identity/user-pool';
import {
  PLANT_ROLES,
  announcePlantAccessRevoked,
  findTenantPlant,
  grantPlantAccess,
  requirePlantRole,
  seesEveryPlant,
  type AccessiblePlant,
} from './access';

export type { PlantAccessUser };

/** A new user invited to a plant gets this tenant role and these modules (the demo operator's and viewer's). */
const NEW_USER_ROLE: Record<PlantRole, { role: 'operator' | 'viewer'; modules: ModuleKey[] }> = {
  viewer: { role: 'viewer', modules: ['monitoring', 'notifications'] },
  operator: { role: 'operator', modules: ['ems', 'rc', 'fep', 'ev', 'notifications', 'monitoring', 'management'] },
  owner: { role: 'operator', modules: ['ems', 'rc', 'fep', 'ev', 'notifications', 'monitoring', 'management'] },
};

const plantAndUser = {
  tenantResources: [
    { field: 'id', kind: 'plant' },
    { field: 'userId', kind: 'user' },
  ],
} as const;

const callerOf = (user: UserRow) => ({ roleId: effectiveRoleId(user) });

function view(user: UserRow, role: PlantRole): PlantAccessUser {
  const everyPlant = seesEveryPlant(callerOf(user));
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    familyName: user.family_name,
    role: everyPlant ? 'owner' : role,
    tenantRoleId: effectiveRoleId(user),
    status: statusOf(user),
    everyPlant,
  };
}

const byName = new Intl.Collator('cs').compare;

/** Everyone who sees the plant: the tenant's owners and admins, then the users given access to it. */
export async function listPlantAccess(db: Kysely<Database>, plant: { id: string; tenant_id: string }): Promise<PlantAccessUser[]> {
  const users = await db
    .selectFrom('users')
    .leftJoin('plant_access', (join) => join.onRef('plant_access.user_id', '=', 'users.id').on('plant_access.plant_id', '=', plant.id))
    .selectAll('users')
    .select('plant_access.role as plant_role')
    .where('users.tenant_id', '=', plant.tenant_id)
    .execute();
  return users
    .map(({ plant_role, ...user }) =>
      seesEveryPlant(callerOf(user)) ? view(user, 'owner') : plant_role === null ? undefined : view(user, plant_role),
    )
    .filter((u): u is PlantAccessUser => u !== undefined)
    .sort(
      (a, b) =>
        Number(b.everyPlant) - Number(a.everyPlant) ||
        byName(`${a.familyName} ${a.name}`, `${b.familyName} ${b.name}`) ||
        byName(a.email, b.email),
    );
}

export async function registerPlantAccessRoutes(app: FastifyInstance, deps: IamDeps): Promise<void> {
  const { db } = deps;

  /** The plant, when the caller sees it and is its owner (else 404, or 403 for a lesser role). */
  const ownedPlant = async (request: FastifyRequest, plantId: string): Promise<AccessiblePlant> => {
    const plant = await findTenantPlant(db, request.user, plantId);
    if (!plant) throw notFound('Plant not found');
    return requirePlantRole(plant, 'owner');
  };

  /** A user of the caller's tenant whose plant access can change: not a tenant owner or admin. */
  const changeableUser = async (request: FastifyRequest, userId: string): Promise<UserRow> => {
    const user = await findTenantUser(db, request.user.tenantId, userId);
    if (!user) throw notFound('User not found');
    if (seesEveryPlant(callerOf(user))) throw new ApiError(409, 'SeesEveryPlant', 'Tenant owners and admins see every plant');
    return user;
  };

  const audit = (
    request: FastifyRequest,
    trx: Kysely<Database>,
    action: AuditAction,
    plant: AccessiblePlant,
    user: UserRow,
    details: Record<string, unknown>,
  ) => recordRequestAudit(trx, request, action, plantTarget(plant), { user: user.email, userId: user.id, ...details });

  app.post<{ Body: PlantAccessEndpoints['plant/access/list']['request'] }>(
    '/api/plant/access/list',
    {
      config: access('plants:read', { tenantResources: [{ field: 'id', kind: 'plant' }] }),
      preHandler: requireUser,
      schema: contractSchema(plantAccessEndpoints['plant/access/list']),
    },
    async (request) => {
      const plant = await findTenantPlant(db, request.user, request.body.id);
      if (!plant) throw notFound('Plant not found');
      return { users: await listPlantAccess(db, plant) };
    },
  );

  app.post<{ Body: PlantAccessEndpoints['plant/access/invite']['request'] }>(
    '/api/plant/access/invite',
    {
      config: access('plants:write', { tenantResources: [{ field: 'id', kind: 'plant' }] }),
      preHandler: requireUser,
      schema: contractSchema(plantAccessEndpoints['plant/access/invite']),
    },
    async (request, reply) => {
      const plant = await ownedPlant(request, request.body.id);
      const { role: plantRole, name: givenName, familyName, locale } = request.body;
      const email = normalizeEmail(request.body.email);
      const existing = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .where('tenant_id', '=', request.user.tenantId)
        .executeTakeFirst();
      if (existing) {
        if (existing.status !== 'active') throw new ApiError(409, 'UserDisabled', 'This user is disabled');
        const user = await changeableUser(request, existing.id);
        const had = await db
          .selectFrom('plant_access')
          .select('role')
          .where('plant_id', '=', plant.id)
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        if (had) throw new ApiError(409, 'AlreadyHasAccess', 'This user already has access to the plant', { role: had.role });
        await db.transaction().execute(async (trx) => {
          await grantPlantAccess(trx, { plantId: plant.id, userId: user.id, role: plantRole });
          await audit(request, trx, 'plants.access_granted', plant, user, { role: plantRole });
        });
        return { user: view(user, plantRole), invited: false };
      }
      // Someone new: an IAM invitation (the same mail, password rules and audit as iam/users/invite).
      if (!request.user.permissions.includes('iam:manage')) throw forbidden('Inviting someone new needs the iam:manage permission');
      if (givenName === undefined || familyName === undefined) {
        throw badRequest('A new user needs a name and a family name', {
          fields: { ...(givenName ? {} : { name: 'required' }), ...(familyName ? {} : { familyName: 'required' }) },
        });
      }
      const tenantRole = NEW_USER_ROLE[plantRole];
      await refuseWhileProbing(deps.db, reply, request.user.tenantId, 'email');
      const user = await inviteUser(
        deps,
        request.user,
        { email, name: givenName, family_name: familyName, role: tenantRole.role, modules: tenantRole.modules, locale: locale ?? 'cs' },
        request.ip,
        async (trx, userId) => {
          await grantPlantAccess(trx, { plantId: plant.id, userId, role: plantRole });
          const invitee = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
          await audit(request, trx, 'plants.access_granted', plant, invitee, { role: plantRole, invited: true });
        },
      );
      return { user: view(user, plantRole), invited: true };
    },
  );

  app.post<{ Body: PlantAccessEndpoints['plant/access/update']['request'] }>(
    '/api/plant/access/update',
    {
      config: access('plants:write', plantAndUser),
      preHandler: requireUser,
      schema: contractSchema(plantAccessEndpoints['plant/access/update']),
    },
    async (request) => {
      const plant = await ownedPlant(request, request.body.id);
      const user = await changeableUser(request, request.body.userId);
      const { role: next } = request.body;
      await db.transaction().execute(async (trx) => {
        const before = await grantPlantAccess(trx, { plantId: plant.id, userId: user.id, role: next });
        if (before === undefined) await audit(request, trx, 'plants.access_granted', plant, user, { role: next });
        else if (before !== next) await audit(request, trx, 'plants.access_role_changed', plant, user, { before, after: next });
      });
      return view(user, next);
    },
  );

  app.post<{ Body: PlantAccessEndpoints['plant/access/remove']['request'] }>(
    '/api/plant/access/remove',
    {
      config: access('plants:write', plantAndUser),
      preHandler: requireUser,
      schema: contractSchema(plantAccessEndpoints['plant/access/remove']),
    },
    async (request) => {
      const plant = await ownedPlant(request, request.body.id);
      const user = await changeableUser(request, request.body.userId);
      const removed = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('plant_access')
          .select('role')
          .where('plant_id', '=', plant.id)
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        if (!row) return false;
        await trx.deleteFrom('plant_access').where('plant_id', '=', plant.id).where('user_id', '=', user.id).execute();
        await audit(request, trx, 'plants.access_revoked', plant, user, { role: row.role });
        return true;
      });
      if (removed) announcePlantAccessRevoked(db, user.id, plant.id);
      return { removed };
    },
  );
}

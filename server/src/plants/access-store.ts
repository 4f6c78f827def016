// Who may see a plant and with what role on it (plants/access.ts has the model). Inviting, changing a
// role and removing need the owner role on the plant (tenant owners and admins own every plant); the
// tenant's owners and admins see every plant, so their access cannot change. Every change is audited;
// a removed user loses the plant on every endpoint at once and their live streams of it end.
import type { PlantAccessEndpoints, PlantAccessUser } from '@helio/contracts';
import type { Kysely } from 'kysely';
import type { AuditAction } from '../audit/audit-log';
import type { ClusterBus } from '../cluster/bus';
import { plantTarget, recordRequestAudit, type RequestCaller } from '../audit/request-audit';
import type { Database, PlantRole } from '../db/schema';
import { ApiError, badRequest, forbidden, plantNotFound, userNotFound } from '../http/errors';
import { inviteUser, type IamDeps } from '../iam/invite';
import type { ModuleKey } from '@helio/contracts';
import { effectiveRoleId, findTenantUser, type UserRow } from '../iam/user-admin';
import { statusOf } from '../iam/user-view';
import { normalizeEmail } from '../auth/user-pool';
import {
  announcePlantAccessRevoked,
  findTenantPlant,
  grantPlantAccess,
  requirePlantRole,
  seesEveryPlant,
  type AccessiblePlant,
} from './access';

/** A new user invited to a plant gets this tenant role and these modules (the demo operator's and viewer's). */
const NEW_USER_ROLE: Record<PlantRole, { role: 'operator' | 'viewer'; modules: ModuleKey[] }> = {
  viewer: { role: 'viewer', modules: ['monitoring', 'notifications'] },
  operator: { role: 'operator', modules: ['ems', 'rc', 'fep', 'ev', 'notifications', 'monitoring', 'management'] },
  owner: { role: 'operator', modules: ['ems', 'rc', 'fep', 'ev', 'notifications', 'monitoring', 'management'] },
};

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

/** The users who see a plant the caller sees (else 404). */
export async function plantAccessOf(db: Kysely<Database>, caller: RequestCaller, plantId: string): Promise<PlantAccessUser[]> {
  const plant = await findTenantPlant(db, caller.user, plantId);
  if (!plant) throw plantNotFound();
  return listPlantAccess(db, plant);
}

/** The plant, when the caller sees it and is its owner (else 404, or 403 for a lesser role). */
async function ownedPlant(db: Kysely<Database>, caller: RequestCaller, plantId: string): Promise<AccessiblePlant> {
  const plant = await findTenantPlant(db, caller.user, plantId);
  if (!plant) throw plantNotFound();
  return requirePlantRole(plant, 'owner');
}

/** A user of the caller's tenant whose plant access can change: not a tenant owner or admin. */
async function changeableUser(db: Kysely<Database>, caller: RequestCaller, userId: string): Promise<UserRow> {
  const user = await findTenantUser(db, caller.user.tenantId, userId);
  if (!user) throw userNotFound();
  if (seesEveryPlant(callerOf(user))) throw new ApiError(409, 'SeesEveryPlant', 'Tenant owners and admins see every plant');
  return user;
}

const audit = (
  trx: Kysely<Database>,
  caller: RequestCaller,
  action: AuditAction,
  plant: AccessiblePlant,
  user: UserRow,
  details: Record<string, unknown>,
) => recordRequestAudit(trx, caller, action, plantTarget(plant), { user: user.email, userId: user.id, ...details });

type InviteBody = PlantAccessEndpoints['plant/access/invite']['request'];

/**
 * Gives a user of the tenant the plant, or invites someone new (an IAM invitation: the same mail,
 * password rules and audit as iam/users/invite, which needs iam:manage; an address with an account in
 * another organisation gets a placeholder, answered alike). `beforeInvitingSomeoneNew` runs just before
 * someone new is invited (the route's bound on invitation mails).
 */
export async function invitePlantUser(
  deps: IamDeps,
  caller: RequestCaller,
  body: InviteBody,
  beforeInvitingSomeoneNew: () => Promise<void>,
): Promise<{ user: PlantAccessUser; invited: boolean }> {
  const { db } = deps;
  const plant = await ownedPlant(db, caller, body.id);
  const { role: plantRole, name: givenName, familyName, locale } = body;
  const email = normalizeEmail(body.email);
  const existing = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where('tenant_id', '=', caller.user.tenantId)
    .executeTakeFirst();
  if (existing) {
    if (existing.status !== 'active') throw new ApiError(409, 'UserDisabled', 'This user is disabled');
    const user = await changeableUser(db, caller, existing.id);
    const had = await db
      .selectFrom('plant_access')
      .select('role')
      .where('plant_id', '=', plant.id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (had) throw new ApiError(409, 'AlreadyHasAccess', 'This user already has access to the plant', { role: had.role });
    await db.transaction().execute(async (trx) => {
      await grantPlantAccess(trx, { plantId: plant.id, userId: user.id, role: plantRole });
      await audit(trx, caller, 'plants.access_granted', plant, user, { role: plantRole });
    });
    return { user: view(user, plantRole), invited: false };
  }
  if (!caller.user.permissions.includes('iam:manage')) throw forbidden('Inviting someone new needs the iam:manage permission');
  if (givenName === undefined || familyName === undefined) {
    throw badRequest('A new user needs a name and a family name', {
      fields: { ...(givenName ? {} : { name: 'required' }), ...(familyName ? {} : { familyName: 'required' }) },
    });
  }
  const tenantRole = NEW_USER_ROLE[plantRole];
  await beforeInvitingSomeoneNew();
  const user = await inviteUser(
    deps,
    caller.user,
    { email, name: givenName, family_name: familyName, role: tenantRole.role, modules: tenantRole.modules, locale: locale ?? 'cs' },
    caller.ip,
    async (trx, userId) => {
      await grantPlantAccess(trx, { plantId: plant.id, userId, role: plantRole });
      const invitee = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      await audit(trx, caller, 'plants.access_granted', plant, invitee, { role: plantRole, invited: true });
    },
  );
  return { user: view(user, plantRole), invited: true };
}

/** Sets a user's role on a plant (granting it when they had none); audits only what changed. */
export async function setPlantAccessRole(
  db: Kysely<Database>,
  caller: RequestCaller,
  { id, userId, role: next }: PlantAccessEndpoints['plant/access/update']['request'],
): Promise<PlantAccessUser> {
  const plant = await ownedPlant(db, caller, id);
  const user = await changeableUser(db, caller, userId);
  await db.transaction().execute(async (trx) => {
    const before = await grantPlantAccess(trx, { plantId: plant.id, userId: user.id, role: next });
    if (before === undefined) await audit(trx, caller, 'plants.access_granted', plant, user, { role: next });
    else if (before !== next) await audit(trx, caller, 'plants.access_role_changed', plant, user, { before, after: next });
  });
  return view(user, next);
}

/** Takes the plant from a user; `false` when they had no access to it. Their live streams of it end. */
export async function removePlantAccess(
  { db, bus }: { db: Kysely<Database>; bus: ClusterBus },
  caller: RequestCaller,
  { id, userId }: PlantAccessEndpoints['plant/access/remove']['request'],
): Promise<boolean> {
  const plant = await ownedPlant(db, caller, id);
  const user = await changeableUser(db, caller, userId);
  const removed = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('plant_access')
      .select('role')
      .where('plant_id', '=', plant.id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('plant_access').where('plant_id', '=', plant.id).where('user_id', '=', user.id).execute();
    await audit(trx, caller, 'plants.access_revoked', plant, user, { role: row.role });
    return true;
  });
  if (removed) announcePlantAccessRevoked(bus, user.id, plant.id);
  return removed;
}

// Who hears of a plant's alerts: active users of the plant's organisation (not invitations'
// placeholders, whose address belongs to someone of another organisation) who may see the plant
// (tenant owners and admins see every plant, everyone else the plants given to them: plants/access.ts)
// and hold the notifications module and the notifications:read permission. The alert mails go to
// those of them whose schedule is open (alert-mail.ts); the live streams tell all of them at once
// (cluster/alert-relay.ts). One rule, read from the database when the alert changes, not from a token.
import { parseModules } from '../http/auth';
import { ADMINISTRATOR_ROLES } from '../iam/permissions';
import { effectivePermissions } from '../iam/roles';
import { seesEveryPlant } from '../plants/access';
import type { NotificationsDb } from './notifications-db';

/** What decides whether a user hears of alerts, as audienceOf reads it. */
export interface AudienceRow {
  id: string;
  tenant_id: string;
  role: string;
  modules: string;
  custom_role_id: string | null;
  custom_permissions: string | null;
}

/** Active users of the tenant, with the columns of AudienceRow; narrow it with `where` or plantAudience. */
export function tenantAudience(db: NotificationsDb, tenantId: string) {
  return db
    .selectFrom('users')
    .leftJoin('roles', 'roles.id', 'users.custom_role_id')
    .select([
      'users.id',
      'users.tenant_id',
      'users.role',
      'users.modules',
      'users.custom_role_id',
      'roles.permissions as custom_permissions',
    ])
    .where('users.tenant_id', '=', tenantId)
    .where('users.status', '=', 'active')
    .where('users.placeholder', '=', 0);
}

/** Those of the tenant's active users who may see the plant (seesEveryPlantRow, or a plant_access row). */
export function plantAudience(db: NotificationsDb, plant: { id: string; tenant_id: string }) {
  return tenantAudience(db, plant.tenant_id).where((eb) =>
    eb.or([
      eb.and([eb('users.custom_role_id', 'is', null), eb('users.role', 'in', ADMINISTRATOR_ROLES)]),
      eb('users.id', 'in', eb.selectFrom('plant_access').select('plant_access.user_id').where('plant_access.plant_id', '=', plant.id)),
    ]),
  );
}

/** A user who sees every plant of the tenant (the first branch of plantAudience's condition). */
export const seesEveryPlantRow = (row: Pick<AudienceRow, 'role' | 'custom_role_id'>): boolean =>
  seesEveryPlant({ roleId: row.custom_role_id ?? row.role });

/** Holds the notifications module and the notifications:read permission. */
export function hearsAlerts(row: Pick<AudienceRow, 'role' | 'modules' | 'custom_role_id' | 'custom_permissions'>): boolean {
  if (!parseModules(row.modules).includes('notifications')) return false;
  const permissions = effectivePermissions(row.role, row.custom_role_id === null ? null : (row.custom_permissions ?? '[]'));
  return permissions.includes('notifications:read');
}

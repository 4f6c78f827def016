// Who a schedule acts for, as they are now: the user who made it (active, with devices:control, the rc
// module and the operator role on the plant), or the API key that made it (not revoked or expired, its
// creator active: the key's reach, integrations/key-auth.ts). A schedule whose maker no longer may
// control the plant starts no more windows (schedule-runner.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { parseModules } from '../http/auth';
import { currentKeyCaller } from '../integrations/key-auth';
import { effectivePermissions } from '../iam/roles';
import { tenantAudience } from '../notifications/alert-audience';
import { notificationsDb } from '../notifications/notifications-db';
import { findTenantPlant, hasPlantRole, type PlantCaller } from '../plants/access';
import type { RcScheduleTable } from './tables';

type Caller = PlantCaller & { permissions: readonly string[]; modules: readonly string[] };

/** An active user of the tenant as a caller now, or undefined. */
async function currentUserCaller(db: Kysely<Database>, tenantId: string, userId: string): Promise<Caller | undefined> {
  const row = await tenantAudience(notificationsDb(db), tenantId).where('users.id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  return {
    tenantId,
    sub: row.id,
    roleId: row.custom_role_id ?? row.role,
    permissions: effectivePermissions(row.role, row.custom_role_id === null ? null : (row.custom_permissions ?? '[]')),
    modules: parseModules(row.modules),
  };
}

export async function scheduleMakerMayControl(
  db: Kysely<Database>,
  row: Pick<RcScheduleTable, 'tenant_id' | 'plant_id' | 'created_by_user_id' | 'created_by_key_id'>,
): Promise<boolean> {
  let caller: Caller | undefined;
  if (row.created_by_key_id !== null) caller = await currentKeyCaller(db, row.created_by_key_id);
  else if (row.created_by_user_id !== null) caller = await currentUserCaller(db, row.tenant_id, row.created_by_user_id);
  if (!caller || caller.tenantId !== row.tenant_id) return false;
  if (!caller.permissions.includes('devices:control') || !caller.modules.includes('rc')) return false;
  const plant = await findTenantPlant(db, caller, row.plant_id);
  return plant !== undefined && hasPlantRole(plant.access_role, 'operator');
}

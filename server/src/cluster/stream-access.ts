// Whether an open live stream may go on: its user still exists and is active, its session is not
// revoked, and it still sees every plant it shows. Asked again of every open stream after the cluster
// bus reconnects, since an announcement that access ended may have been sent while it did not listen.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthUser } from '../http/auth';
import { findTenantPlantByThingName } from '../plants/access';

export async function streamStillAllowed(db: Kysely<Database>, user: AuthUser, thingNames: readonly string[]): Promise<boolean> {
  const row = await db.selectFrom('users').select('status').where('id', '=', user.sub).executeTakeFirst();
  if (row?.status !== 'active') return false;
  if (user.sessionId !== undefined) {
    const session = await db.selectFrom('sessions').select('revoked_at').where('id', '=', user.sessionId).executeTakeFirst();
    if (session?.revoked_at) return false;
  }
  for (const thingName of thingNames) {
    if (!(await findTenantPlantByThingName(db, user, thingName))) return false;
  }
  return true;
}

// Whether an open live stream may go on: its user still exists and is active, its session is not
// revoked (or its API key is neither revoked nor expired and the key's creator is active), and it still
// sees every plant it shows. Asked again of every open stream after the cluster bus reconnects, since
// an announcement that access ended may have been sent while it did not listen.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthUser } from '../http/auth';
import { currentKeyCaller } from '../integrations/key-auth';
import { findTenantPlantByThingName } from '../plants/access';

export async function streamStillAllowed(db: Kysely<Database>, user: AuthUser, thingNames: readonly string[]): Promise<boolean> {
  if (user.apiKey) {
    // The key as it is now: its creator's plants and role may have changed since the stream opened.
    const key = await currentKeyCaller(db, user.apiKey.id);
    return key !== undefined && (await seesAll(db, key, thingNames));
  }
  const row = await db.selectFrom('users').select('status').where('id', '=', user.sub).executeTakeFirst();
  if (row?.status !== 'active') return false;
  if (user.sessionId !== undefined) {
    const session = await db.selectFrom('sessions').select('revoked_at').where('id', '=', user.sessionId).executeTakeFirst();
    if (session?.revoked_at) return false;
  }
  return seesAll(db, user, thingNames);
}

async function seesAll(db: Kysely<Database>, user: AuthUser, thingNames: readonly string[]): Promise<boolean> {
  for (const thingName of thingNames) {
    if (!(await findTenantPlantByThingName(db, user, thingName))) return false;
  }
  return true;
}

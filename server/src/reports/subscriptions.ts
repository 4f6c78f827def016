// A user's subscription to the monthly report: off until they switch it on. The plants and tags they
// name must be ones they may see (plants) and of their organisation (tags); the mail job checks again
// each month, so a plant taken from them later is left out of their mail.
import type { ReportSubscription } from '@helio/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { plantNotFound, tagNotFound } from '../http/errors';
import { findTenantPlant, type PlantCaller } from '../plants/access';
import { reportsDb } from './tables';

export const NO_SUBSCRIPTION: ReportSubscription = { enabled: false, plantIds: [], tagIds: [] };

export async function subscriptionOf(db: Kysely<Database>, userId: string): Promise<ReportSubscription> {
  const row = await reportsDb(db).selectFrom('report_subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return NO_SUBSCRIPTION;
  return { enabled: row.enabled === 1, plantIds: JSON.parse(row.plant_ids) as string[], tagIds: JSON.parse(row.tag_ids) as string[] };
}

export async function saveSubscription(db: Kysely<Database>, caller: PlantCaller, wanted: ReportSubscription): Promise<ReportSubscription> {
  for (const plantId of wanted.plantIds) if (!(await findTenantPlant(db, caller, plantId))) throw plantNotFound();
  if (wanted.tagIds.length > 0) {
    const tags = await db
      .selectFrom('tags')
      .select('id')
      .where('tenant_id', '=', caller.tenantId)
      .where('id', 'in', wanted.tagIds)
      .execute();
    if (tags.length !== wanted.tagIds.length) throw tagNotFound();
  }
  const values = {
    enabled: wanted.enabled ? 1 : 0,
    plant_ids: JSON.stringify(wanted.plantIds),
    tag_ids: JSON.stringify(wanted.tagIds),
    updated_at: new Date().toISOString(),
  };
  await reportsDb(db)
    .insertInto('report_subscriptions')
    .values({ user_id: caller.sub, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return { enabled: wanted.enabled, plantIds: [...wanted.plantIds], tagIds: [...wanted.tagIds] };
}

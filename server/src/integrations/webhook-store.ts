// Webhooks of a tenant and their delivery log, as stored; the routes check URLs before they get here.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DeliveryView, WebhookEvent, WebhookView } from '@helio/contracts';
import type { Database } from '../db/schema';
import { accessiblePlantIds, seesEveryPlant, type PlantCaller } from '../plants/access';
import type { KeyCreator } from './api-keys';
import type { WebhookDeliveryTable, WebhookTable } from './tables';

export type WebhookRow = Selectable<WebhookTable>;
export type DeliveryRow = Selectable<WebhookDeliveryTable>;

export interface NewWebhook {
  tenantId: string;
  url: string;
  events: readonly WebhookEvent[];
  description: string;
  /** The user it acts for: it hears only of plants they see (webhook-events.ts). */
  creator: KeyCreator | null;
}

/** Stores a webhook with a fresh signing secret (`whsec_…`). */
export async function createWebhook(db: Kysely<Database>, hook: NewWebhook, now = new Date()): Promise<WebhookRow> {
  const row: WebhookRow = {
    id: randomUUID(),
    tenant_id: hook.tenantId,
    url: hook.url,
    description: hook.description,
    events: JSON.stringify(hook.events),
    secret: `whsec_${randomBytes(24).toString('base64url')}`,
    enabled: 1,
    created_at: now.toISOString(),
    created_by: hook.creator?.email ?? null,
    created_by_user_id: hook.creator?.id ?? null,
  };
  await db.insertInto('webhooks').values(row).execute();
  return row;
}

export const eventsOf = (row: Pick<WebhookRow, 'events'>): WebhookEvent[] => JSON.parse(row.events) as WebhookEvent[];

export function findWebhook(db: Kysely<Database>, tenantId: string, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function countWebhooks(db: Kysely<Database>, tenantId: string): Promise<number> {
  return db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export async function listWebhookViews(db: Kysely<Database>, tenantId: string): Promise<WebhookView[]> {
  const hooks = await db.selectFrom('webhooks').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').execute();
  const views: WebhookView[] = [];
  for (const hook of hooks) views.push(await webhookView(db, hook));
  return views;
}

export async function webhookView(db: Kysely<Database>, row: WebhookRow): Promise<WebhookView> {
  const last = await db
    .selectFrom('webhook_deliveries')
    .select(['status', 'created_at', 'last_attempt_at'])
    .where('webhook_id', '=', row.id)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: eventsOf(row),
    enabled: row.enabled === 1,
    createdAt: row.created_at,
    lastDelivery: last ? { status: last.status, at: last.last_attempt_at ?? last.created_at } : null,
  };
}

/** A change of a webhook; one of its address, events or switching it on makes it act for `by` from then on. */
export async function updateWebhook(
  db: Kysely<Database>,
  id: string,
  change: { url?: string; events?: readonly WebhookEvent[]; description?: string; enabled?: boolean },
  by: KeyCreator,
): Promise<void> {
  const rebinds = change.url !== undefined || change.events !== undefined || change.enabled === true;
  await db
    .updateTable('webhooks')
    .set({
      ...(rebinds ? { created_by: by.email, created_by_user_id: by.id } : {}),
      ...(change.url === undefined ? {} : { url: change.url }),
      ...(change.events === undefined ? {} : { events: JSON.stringify(change.events) }),
      ...(change.description === undefined ? {} : { description: change.description }),
      ...(change.enabled === undefined ? {} : { enabled: change.enabled ? 1 : 0 }),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteWebhook(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function deliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    eventId: row.event_id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === 'pending' ? iso(Number(row.next_attempt_at)) : null,
    deliveredAt: row.delivered_at,
    responseStatus: row.response_status,
    error: row.error,
    payload: row.payload,
  };
}

/** Deliveries the caller may read: those about no plant, or about a plant they see. */
function deliveriesSeenBy(db: Kysely<Database>, caller: PlantCaller) {
  const query = db.selectFrom('webhook_deliveries').selectAll().where('tenant_id', '=', caller.tenantId);
  if (seesEveryPlant(caller)) return query;
  return query.where((eb) => eb.or([eb('plant_id', 'is', null), eb('plant_id', 'in', accessiblePlantIds(db, caller))]));
}

export function listDeliveries(db: Kysely<Database>, caller: PlantCaller, webhookId: string, limit: number): Promise<DeliveryRow[]> {
  return deliveriesSeenBy(db, caller)
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function findDelivery(db: Kysely<Database>, caller: PlantCaller, id: string): Promise<DeliveryRow | undefined> {
  return deliveriesSeenBy(db, caller).where('id', '=', id).executeTakeFirst();
}

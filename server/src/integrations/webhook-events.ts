// The one way an event reaches webhooks: emitWebhookEvent(db, tenantId, event) queues a delivery for
// every enabled webhook of the tenant that listens to the event's type and whose creator may see what
// it is about: an active user of the tenant who sees the event's plant now (the alert audience's rule,
// notifications/alert-audience.ts), so a webhook never tells more than its maker could read. Call it
// with the transaction that makes the event true (an alert opening, a command confirmed), so the event
// and its deliveries commit together: a restart loses none, a rolled-back change sends none.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { WEBHOOK_RETRY_WINDOW_MS, type WebhookEvent } from '@helio/contracts';
import type { Database } from '../db/schema';
import { plantAudience, tenantAudience } from '../notifications/alert-audience';
import { notificationsDb } from '../notifications/notifications-db';
import { eventsOf } from './webhook-store';

export interface WebhookEventInput {
  type: WebhookEvent;
  /** What happened, as the receiver gets it under `data` (plant id, alert, command…). */
  data: Record<string, unknown>;
  /** The plant the event is about: only webhooks whose creator sees it hear of it. */
  plantId?: string;
  /** Stable id of the event (receivers de-duplicate with it); a new one when not given. */
  id?: string;
  occurredAt?: Date;
}

/** The body every delivery of an event sends (and signs). */
export interface WebhookPayload {
  id: string;
  type: WebhookEvent;
  createdAt: string;
  data: Record<string, unknown>;
}

const senders = new Set<() => void>();

/** A sender in this process asks to hear of new deliveries at once (it polls anyway). */
export function onWebhookQueued(kick: () => void): () => void {
  senders.add(kick);
  return () => senders.delete(kick);
}

/** Queues the event for the tenant's webhooks; answers the ids of the deliveries queued. */
export async function emitWebhookEvent(db: Kysely<Database>, tenantId: string, event: WebhookEventInput): Promise<string[]> {
  const audience =
    event.plantId === undefined
      ? tenantAudience(notificationsDb(db), tenantId)
      : plantAudience(notificationsDb(db), { id: event.plantId, tenant_id: tenantId });
  const hooks = await db
    .selectFrom('webhooks')
    .select(['id', 'events'])
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', 1)
    .where('created_by_user_id', 'in', audience.clearSelect().select('users.id'))
    .execute();
  const listening = hooks.filter((hook) => eventsOf(hook).includes(event.type));
  if (listening.length === 0) return [];
  const at = event.occurredAt ?? new Date();
  const payload: WebhookPayload = {
    id: event.id ?? `evt_${randomUUID()}`,
    type: event.type,
    createdAt: at.toISOString(),
    data: event.data,
  };
  const ids = await queueDeliveries(
    db,
    tenantId,
    listening.map((h) => h.id),
    payload,
    Date.now(),
    event.plantId ?? null,
  );
  // After the caller's transaction commits the sender finds them; until then it finds nothing, harmlessly.
  setTimeout(wakeSenders, 50).unref();
  return ids;
}

export async function queueDeliveries(
  db: Kysely<Database>,
  tenantId: string,
  webhookIds: readonly string[],
  payload: WebhookPayload,
  nowMs: number,
  plantId: string | null = null,
  redeliveryOf: string | null = null,
): Promise<string[]> {
  const body = JSON.stringify(payload);
  const rows = webhookIds.map((webhookId) => ({
    id: randomUUID(),
    webhook_id: webhookId,
    tenant_id: tenantId,
    event_id: payload.id,
    event: payload.type,
    plant_id: plantId,
    redelivery_of: redeliveryOf,
    payload: body,
    status: 'pending' as const,
    attempts: 0,
    created_at: new Date(nowMs).toISOString(),
    give_up_at: nowMs + WEBHOOK_RETRY_WINDOW_MS,
    next_attempt_at: nowMs,
    claimed_until: 0,
    claim_token: null,
    last_attempt_at: null,
    delivered_at: null,
    response_status: null,
    error: null,
  }));
  if (rows.length > 0) await db.insertInto('webhook_deliveries').values(rows).execute();
  return rows.map((r) => r.id);
}

/** Wakes the senders at once: for a delivery queued in a transaction, call it after the commit. */
export function wakeSenders(): void {
  senders.forEach((kick) => kick());
}

/**
 * Queues a delivery of the same event again, to one webhook (the log's redeliver); wake the senders once
 * it commits. At most one redelivery of an event per webhook waits at a time (a unique index refuses a
 * second; webhook-routes.ts answers 409 first).
 */
export async function requeueDelivery(
  db: Kysely<Database>,
  delivery: { id: string; tenant_id: string; webhook_id: string; payload: string; plant_id: string | null },
): Promise<string> {
  const [id] = await queueDeliveries(
    db,
    delivery.tenant_id,
    [delivery.webhook_id],
    JSON.parse(delivery.payload) as WebhookPayload,
    Date.now(),
    delivery.plant_id,
    delivery.id,
  );
  return id as string;
}

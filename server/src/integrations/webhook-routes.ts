// integration/webhook/{list,create,update,delete,deliveries,redeliver}: a tenant's webhooks and their
// delivery log. URLs are checked before they are saved (webhook-url.ts); the signing secret is
// answered once, at creation. A webhook acts for the user who made it, or who last set its address or
// events or switched it on: it hears only of plants they see (webhook-events.ts), and the log shows
// each caller only the deliveries about plants they see. Every change is audited in the change's transaction: a change whose
// audit entry cannot be written is not made.
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import { MAX_WEBHOOKS } from '@helio/contracts';
import { recordRequestAudit } from '../audit/request-audit';
import type { AuditTarget } from '../audit/audit-log';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { ApiError, deliveryNotFound, webhookNotFound } from '../http/errors';
import { requeueDelivery, wakeSenders } from './webhook-events';
import {
  countWebhooks,
  createWebhook,
  deleteWebhook,
  deliveryView,
  findDelivery,
  findWebhook,
  listDeliveries,
  listWebhookViews,
  updateWebhook,
  webhookView,
  type WebhookRow,
} from './webhook-store';
import { checkWebhookUrl, WebhookUrlError } from './webhook-url';
import { refuseRedeliveryBeyondCap } from './redelivery-cap';
const target = (hook: Pick<WebhookRow, 'id' | 'url'>): AuditTarget => ({ type: 'webhook', id: hook.id, label: hook.url });

export function webhookHandlers({ db, allowPrivate }: { db: Kysely<Database>; allowPrivate: boolean }): ApiHandlers {
  const checkedUrl = async (url: string) => {
    try {
      return (await checkWebhookUrl(url, allowPrivate)).toString();
    } catch (error) {
      if (error instanceof WebhookUrlError) {
        const host = error.host === undefined ? {} : { host: error.host };
        throw new ApiError(400, 'WebhookUrlRefused', error.message, { field: 'url', reason: error.reason, ...host });
      }
      throw error;
    }
  };
  const requireHook = async (tenantId: string, id: string) => {
    const hook = await findWebhook(db, tenantId, id);
    if (!hook) throw webhookNotFound();
    return hook;
  };

  return {
    'integration/webhook/list': async (request) => ({ webhooks: await listWebhookViews(db, request.user.tenantId) }),
    'integration/webhook/create': async (request, reply) => {
      const { tenantId } = request.user;
      if ((await countWebhooks(db, tenantId)) >= MAX_WEBHOOKS) throw new ApiError(409, 'Conflict', `At most ${MAX_WEBHOOKS} webhooks`);
      const url = await checkedUrl(request.body.url);
      const hook = await inTransaction(db, async (trx) => {
        const created = await createWebhook(trx, {
          tenantId,
          url,
          events: request.body.events,
          description: request.body.description?.trim() ?? '',
          creator: { id: request.user.sub, email: request.user.email },
        });
        await recordRequestAudit(trx, request, 'integrations.webhook_created', target(created), { events: request.body.events });
        return created;
      });
      void reply.header('cache-control', 'no-store');
      return { webhook: await webhookView(db, hook), secret: hook.secret };
    },
    'integration/webhook/update': async (request) => {
      const { id, ...change } = request.body;
      const before = await requireHook(request.user.tenantId, id);
      const url = change.url === undefined ? undefined : await checkedUrl(change.url);
      const after = await inTransaction(db, async (trx) => {
        await updateWebhook(trx, before.id, { ...change, url }, { id: request.user.sub, email: request.user.email });
        const updated = await findWebhook(trx, request.user.tenantId, id);
        if (!updated) throw webhookNotFound();
        await recordRequestAudit(trx, request, 'integrations.webhook_updated', target(updated), {
          ...change,
          ...(url === undefined ? {} : { url }),
        });
        return updated;
      });
      return webhookView(db, after);
    },
    'integration/webhook/delete': async (request) => {
      const hook = await requireHook(request.user.tenantId, request.body.id);
      await inTransaction(db, async (trx) => {
        await deleteWebhook(trx, hook.id);
        await recordRequestAudit(trx, request, 'integrations.webhook_deleted', target(hook), {});
      });
      return { ok: true };
    },
    'integration/webhook/deliveries': async (request) => {
      const hook = await requireHook(request.user.tenantId, request.body.webhookId);
      return { deliveries: (await listDeliveries(db, request.user, hook.id, request.body.limit ?? 50)).map(deliveryView) };
    },
    'integration/webhook/redeliver': async (request) => {
      const delivery = await findDelivery(db, request.user, request.body.id);
      if (!delivery) throw deliveryNotFound();
      const hook = await requireHook(request.user.tenantId, delivery.webhook_id);
      await refuseRedeliveryBeyondCap(db, delivery);
      const id = await inTransaction(db, async (trx) => {
        const requeued = await requeueDelivery(trx, delivery);
        await recordRequestAudit(trx, request, 'integrations.webhook_redelivered', target(hook), {
          delivery: delivery.id,
          event: delivery.event_id,
        });
        return requeued;
      }).catch(async (error: unknown) => {
        // A request for the same event at the same moment got in first (the unique index): say so.
        await refuseRedeliveryBeyondCap(db, delivery);
        throw error;
      });
      wakeSenders();
      const queued = await findDelivery(db, request.user, id);
      if (!queued) throw deliveryNotFound();
      return deliveryView(queued);
    },
  };
}

// The cap on redeliveries from the log: an event already waiting for a webhook (its first delivery
// still retrying, or an earlier redelivery) is not queued again (409 RedeliveryPending), and a tenant
// has at most MAX_PENDING_REDELIVERIES redeliveries waiting (429 TooManyRedeliveries), so nobody can
// fill the queue that every tenant's webhooks share.
import type { Kysely } from 'kysely';
import { MAX_PENDING_REDELIVERIES } from '@helio/contracts';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';

export async function refuseRedeliveryBeyondCap(
  db: Kysely<Database>,
  delivery: { tenant_id: string; webhook_id: string; event_id: string },
): Promise<void> {
  const waiting = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('webhook_id', '=', delivery.webhook_id)
    .where('event_id', '=', delivery.event_id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (waiting)
    throw new ApiError(409, 'RedeliveryPending', 'This event is already waiting to be sent to this webhook', { deliveryId: waiting.id });
  const pending = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', delivery.tenant_id)
    .where('status', '=', 'pending')
    .where('redelivery_of', 'is not', null)
    .executeTakeFirstOrThrow();
  if (Number(pending.n) >= MAX_PENDING_REDELIVERIES)
    throw new ApiError(
      429,
      'TooManyRedeliveries',
      `At most ${MAX_PENDING_REDELIVERIES} redeliveries may wait at once; try again when some are sent`,
      { max: MAX_PENDING_REDELIVERIES },
      { 'retry-after': '60' },
    );
}

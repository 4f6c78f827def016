// The delivery queue's two writes. A sender claims due rows with one atomic UPDATE … WHERE
// claimed_until < now: on PostgreSQL a second replica's UPDATE waits for the first's row locks and
// then re-checks that condition, so it skips what the first took; SQLite runs one writer at a time.
// The claim is a lease: a sender that dies mid-attempt leaves the row to be claimed again after it.
// Claims take the tenants in turn (each tenant's longest-waiting row first, then each one's second…),
// so one tenant's backlog never keeps another's delivery waiting behind it.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeliveryRow } from './webhook-store';

/** First retry after this; each further one waits twice as long, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 2 * 60 * 60_000;

/** The pause after the `attempts`-th failed attempt, with ±20 % jitter so retries of many rows spread out. */
export function backoffMs(attempts: number, random = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Webhooks and tenants whose deliveries a claim leaves alone (they have enough in flight already). */
export interface ClaimSkips {
  webhooks?: readonly string[];
  tenants?: readonly string[];
}

/** Claims up to `limit` due deliveries for `leaseMs`, tenants in turn, none of `skip`; answers them with the claim's token. */
export async function claimDue(
  db: Kysely<Database>,
  limit: number,
  leaseMs: number,
  now = Date.now(),
  skip: ClaimSkips = {},
): Promise<{ token: string; rows: DeliveryRow[] }> {
  const token = randomUUID();
  if (limit <= 0) return { token, rows: [] };
  await db
    .updateTable('webhook_deliveries')
    .set({ claimed_until: now + leaseMs, claim_token: token })
    .where('id', 'in', (eb) => {
      let due = eb
        .selectFrom('webhook_deliveries as due')
        .select(['due.id', 'due.next_attempt_at'])
        // Each row's place in its tenant's line: claims take every tenant's first before anyone's second.
        .select((row) =>
          row.fn
            .agg<number>('row_number')
            .over((ob) => ob.partitionBy('due.tenant_id').orderBy('due.next_attempt_at'))
            .as('turn'),
        )
        .where('due.status', '=', 'pending')
        .where('due.next_attempt_at', '<=', now)
        .where('due.claimed_until', '<', now)
        // A switched-off webhook's deliveries wait; they go out if it is switched on within their window.
        .where('due.webhook_id', 'in', eb.selectFrom('webhooks').select('webhooks.id').where('webhooks.enabled', '=', 1));
      if (skip.webhooks?.length) due = due.where('due.webhook_id', 'not in', [...skip.webhooks]);
      if (skip.tenants?.length) due = due.where('due.tenant_id', 'not in', [...skip.tenants]);
      return eb.selectFrom(due.as('ranked')).select('ranked.id').orderBy('ranked.turn').orderBy('ranked.next_attempt_at').limit(limit);
    })
    .where('status', '=', 'pending')
    .where('claimed_until', '<', now)
    .execute();
  const rows = await db.selectFrom('webhook_deliveries').selectAll().where('claim_token', '=', token).execute();
  return { token, rows };
}

/** Gives claimed rows back untried (their webhook has enough in flight already). */
export async function releaseClaim(db: Kysely<Database>, ids: readonly string[], token: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('webhook_deliveries')
    .set({ claimed_until: 0, claim_token: null })
    .where('id', 'in', [...ids])
    .where('claim_token', '=', token)
    .execute();
}

export interface AttemptOutcome {
  ok: boolean;
  responseStatus: number | null;
  error: string | null;
}

/** Records one attempt of a claimed row: delivered, retried later, or given up when the window is over. */
export async function recordAttempt(
  db: Kysely<Database>,
  row: DeliveryRow,
  token: string,
  outcome: AttemptOutcome,
  now = Date.now(),
): Promise<void> {
  const attempts = row.attempts + 1;
  const next = now + backoffMs(attempts);
  const status = outcome.ok ? 'succeeded' : next >= Number(row.give_up_at) ? 'failed' : 'pending';
  await db
    .updateTable('webhook_deliveries')
    .set({
      status,
      attempts,
      last_attempt_at: new Date(now).toISOString(),
      delivered_at: outcome.ok ? new Date(now).toISOString() : null,
      response_status: outcome.responseStatus,
      error: outcome.error === null ? null : outcome.error.slice(0, 500),
      next_attempt_at: outcome.ok ? now : next,
      claimed_until: 0,
      claim_token: null,
    })
    .where('id', '=', row.id)
    .where('claim_token', '=', token)
    .execute();
}

// Sends queued webhook deliveries from any number of server processes. Each poll claims at most as
// many rows as it has free slots (WEBHOOK_CONCURRENCY), tenants in turn (webhook-queue.ts), posts each
// with its own timeout, and records the outcome; nothing here runs on a request's path. A receiver that
// hangs or fails costs at most PER_WEBHOOK_IN_FLIGHT slots until its timeout, and one tenant's
// webhooks together at most perTenantInFlight(concurrency): the other slots stay for other tenants.
import http from 'node:http';
import https from 'node:https';
import type { Kysely } from 'kysely';
import { WEBHOOK_SIGNATURE_HEADER } from '@helio/contracts';
import type { Database } from '../db/schema';
import { onWebhookQueued } from './webhook-events';
import { claimDue, recordAttempt, releaseClaim, type AttemptOutcome } from './webhook-queue';
import { signatureHeader } from './webhook-signature';
import type { DeliveryRow } from './webhook-store';
import { guardedLookup, literalAllowed } from './webhook-url';

export interface SenderOptions {
  db: Kysely<Database>;
  concurrency: number;
  timeoutMs: number;
  pollMs: number;
  allowPrivate: boolean;
  log: { warn(...args: unknown[]): void; error(...args: unknown[]): void };
}

const USER_AGENT = 'Helio-EMS-Webhooks/1';
/** At most this many attempts to one webhook at once: a receiver that hangs holds only these slots, the rest serve the others. */
export const PER_WEBHOOK_IN_FLIGHT = 2;

/**
 * At most this many attempts of one tenant's webhooks at once in a sender of `concurrency` slots: half
 * of them, and more than one webhook's share (a tenant's hanging webhook leaves room for its others).
 */
export const perTenantInFlight = (concurrency: number): number =>
  Math.min(concurrency, Math.max(PER_WEBHOOK_IN_FLIGHT + 1, Math.floor(concurrency / 2)));

/** One POST of `body` to `url`: ok on 2xx; the receiver's answer is read and thrown away. */
export function postSigned(
  url: URL,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<AttemptOutcome> {
  if (!literalAllowed(url, opts.allowPrivate))
    return Promise.resolve({ ok: false, responseStatus: null, error: 'The URL is a private or loopback address' });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': USER_AGENT, ...headers },
        lookup: guardedLookup(opts.allowPrivate),
        timeout: opts.timeoutMs,
        signal: AbortSignal.timeout(opts.timeoutMs),
      },
      (response) => {
        response.resume(); // drain, so the socket is freed
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolve({
            ok: status >= 200 && status < 300,
            responseStatus: status,
            error: status >= 200 && status < 300 ? null : `HTTP ${status}`,
          });
        });
        response.on('error', (error) => resolve({ ok: false, responseStatus: response.statusCode ?? null, error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${opts.timeoutMs} ms`)));
    request.on('error', (error) =>
      resolve({
        ok: false,
        responseStatus: null,
        error: error.name === 'AbortError' ? `No answer within ${opts.timeoutMs} ms` : error.message,
      }),
    );
    request.end(body);
  });
}

/** Attempts in flight per webhook or per tenant, each up to a cap. */
class InFlight {
  private readonly counts = new Map<string, number>();
  constructor(private readonly cap: number) {}
  hasRoom = (id: string): boolean => (this.counts.get(id) ?? 0) < this.cap;
  take(id: string): void {
    this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
  }
  give(id: string): void {
    const left = (this.counts.get(id) ?? 1) - 1;
    if (left > 0) this.counts.set(id, left);
    else this.counts.delete(id);
  }
  /** The ids at their cap. */
  full = (): string[] => [...this.counts].filter(([, n]) => n >= this.cap).map(([id]) => id);
}

export interface WebhookSender {
  /** One poll now (tests); resolves when the deliveries it claimed are done. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startWebhookSender(opts: SenderOptions, autostart = true): WebhookSender {
  const { db } = opts;
  const inFlight = new Set<Promise<void>>();
  const perWebhook = new InFlight(PER_WEBHOOK_IN_FLIGHT);
  const perTenant = new InFlight(perTenantInFlight(opts.concurrency));
  // Longer than one attempt can take, so a live sender never loses its claim mid-attempt.
  const leaseMs = opts.timeoutMs * 2 + 5_000;
  let stopped = false;
  let polling: Promise<number> | undefined;

  async function deliver(row: DeliveryRow, token: string): Promise<void> {
    const hook = await db.selectFrom('webhooks').select(['url', 'secret', 'enabled']).where('id', '=', row.webhook_id).executeTakeFirst();
    let outcome: AttemptOutcome;
    if (!hook || hook.enabled !== 1) outcome = { ok: false, responseStatus: null, error: 'The webhook is switched off' };
    else {
      outcome = await postSigned(
        new URL(hook.url),
        row.payload,
        { [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(hook.secret, row.payload), 'Helio-Event': row.event, 'Helio-Delivery': row.id },
        opts,
      );
    }
    await recordAttempt(db, row, token, outcome);
  }

  /** Claims what free slots allow and starts it; `settle` also waits for those attempts to finish. */
  async function poll(settle = false): Promise<number> {
    if (stopped || opts.concurrency - inFlight.size <= 0) return 0;
    const runs: Promise<void>[] = [];
    // A claim that hits a webhook's cap gives those rows back and claims again without that webhook.
    for (let round = 0; round < 3 && opts.concurrency - inFlight.size > 0; round++) {
      const wanted = opts.concurrency - inFlight.size;
      const skip = { webhooks: perWebhook.full(), tenants: perTenant.full() };
      const { token, rows: claimed } = await claimDue(db, wanted, leaseMs, Date.now(), skip);
      const rows = claimed.filter((row) => {
        if (!perWebhook.hasRoom(row.webhook_id) || !perTenant.hasRoom(row.tenant_id)) return false;
        perWebhook.take(row.webhook_id);
        perTenant.take(row.tenant_id);
        return true;
      });
      await releaseClaim(
        db,
        claimed.filter((row) => !rows.includes(row)).map((row) => row.id),
        token,
      );
      for (const row of rows) {
        const run = deliver(row, token)
          .catch((error: unknown) =>
            opts.log.error(`webhook delivery ${row.id} failed: ${error instanceof Error ? error.message : String(error)}`),
          )
          .finally(() => {
            inFlight.delete(run);
            perWebhook.give(row.webhook_id);
            perTenant.give(row.tenant_id);
            // The queue may hold more: go on at once. Only a running sender does; one driven by runOnce
            // (tests, a CLI) must not leave a poll behind that claims rows after it returned.
            if (!stopped && autostart && claimed.length === wanted) schedule();
          });
        inFlight.add(run);
        runs.push(run);
      }
      if (claimed.length === rows.length) break;
    }
    if (settle) await Promise.all(runs);
    return runs.length;
  }

  const schedule = () => {
    if (polling || stopped) return;
    polling = poll()
      .catch((error: unknown) => {
        opts.log.error(`webhook queue poll failed: ${error instanceof Error ? error.message : String(error)}`);
        return 0;
      })
      .finally(() => {
        polling = undefined;
      });
  };

  const timer = autostart ? setInterval(schedule, opts.pollMs) : undefined;
  timer?.unref();
  const unsubscribe = autostart ? onWebhookQueued(schedule) : () => undefined;
  if (autostart) schedule();

  return {
    runOnce: () => poll(true),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      unsubscribe();
      await Promise.allSettled([...inFlight]);
    },
  };
}

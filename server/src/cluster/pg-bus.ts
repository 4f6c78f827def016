// The cluster bus over PostgreSQL LISTEN/NOTIFY. Each replica keeps one dedicated connection that
// listens (the pool's connections come and go, a LISTEN must stay) and reconnects when PostgreSQL
// restarts; after a reconnect it tells its resync listeners, since what was sent meanwhile is lost.
// Messages published within one turn of the event loop go out together, packed into as few NOTIFYs
// as fit under PostgreSQL's 8000-byte payload limit. A replica skips its own notifications: its
// listeners heard the message locally when it was published.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema';
import { ClusterListeners, type ClusterBus, type ClusterListener, type ClusterMessages, type ClusterTopic } from './bus';

/** NOTIFY refuses payloads of 8000 bytes or more; this leaves room for the envelope. */
export const MAX_NOTIFY_BYTES = 7900;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;

export interface BusLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface PgBusOptions {
  db: Kysely<Database>;
  /** Where the listening connection goes: the same database as `db`. */
  url: string;
  log: BusLog;
  /** The channel; default one per schema, so deployments sharing a database in separate schemas stay apart. */
  channel?: string;
}

type Envelope = { o: string; m: Array<[ClusterTopic, unknown]> };

export class PgBus implements ClusterBus {
  readonly kind = 'postgres' as const;
  /** This replica's id in every envelope it sends. */
  readonly origin = randomUUID();
  private readonly listeners: ClusterListeners;
  private listener: pg.Client | undefined;
  /** How many times the listening connection was lost: what was heard before a loss vouches for nothing after it. */
  private losses = 0;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = RECONNECT_MIN_MS;
  private queued: Array<[ClusterTopic, unknown]> = [];
  private flushing: Promise<void> = Promise.resolve();
  private flushScheduled = false;

  private constructor(
    private readonly opts: PgBusOptions,
    readonly channel: string,
  ) {
    this.listeners = new ClusterListeners((error) => opts.log.error(`cluster bus: a listener failed: ${String(error)}`));
  }

  /** Connects the listening connection; fails when PostgreSQL does not answer. */
  static async start(opts: PgBusOptions): Promise<PgBus> {
    const channel = opts.channel ?? (await channelOfSchema(opts.db));
    const bus = new PgBus(opts, channel);
    await bus.listen();
    return bus;
  }

  publish<T extends ClusterTopic>(topic: T, message: ClusterMessages[T]): void {
    this.listeners.deliver(topic, message, 'local');
    if (this.closed) return;
    this.queued.push([topic, message]);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      // one flush at a time keeps this replica's messages in the order it published them
      this.flushing = this.flushing.then(() => this.flush());
    });
  }

  subscribe<T extends ClusterTopic>(topic: T, listener: ClusterListener<T>): () => void {
    return this.listeners.add(topic, listener);
  }

  onResync(listener: () => void): () => void {
    return this.listeners.addResync(listener);
  }

  listenerCount(topic: ClusterTopic | 'resync'): number {
    return this.listeners.count(topic);
  }

  hearing(): number | undefined {
    return this.listener === undefined ? undefined : this.losses;
  }

  /** Resolves when what was published so far has been handed to PostgreSQL. */
  async sent(): Promise<void> {
    while (this.flushScheduled || this.queued.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      await this.flushing;
    }
    await this.flushing;
  }

  async close(): Promise<void> {
    await this.sent();
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => undefined);
  }

  private async flush(): Promise<void> {
    const messages = this.queued;
    this.queued = [];
    for (const payload of packEnvelopes(this.origin, messages, (dropped) =>
      this.opts.log.error(`cluster bus: a ${dropped} message is too large to send`),
    )) {
      try {
        await sql`select pg_notify(${this.channel}, ${payload})`.execute(this.opts.db);
      } catch (error) {
        // The other replicas miss it; they read the current state again when their connection returns.
        this.opts.log.error(`cluster bus: notifying the other replicas failed: ${(error as Error).message}`);
      }
    }
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.url, keepAlive: true });
    client.on('notification', (n) => {
      if (n.channel === this.channel && n.payload) this.receive(n.payload);
    });
    // An error ends the connection ('end' follows); the error itself needs a handler or it is thrown.
    client.on('error', (error) => this.opts.log.warn(`cluster bus: listening connection failed: ${error.message}`));
    client.on('end', () => {
      if (this.listener === client) this.lost();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdentifier(this.channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.listener = client;
  }

  private lost(): void {
    this.listener = undefined;
    this.losses++;
    if (this.closed) return;
    this.opts.log.warn(`cluster bus: lost the listening connection; reconnecting`);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.reconnectTimer = setTimeout(() => {
      void this.listen().then(
        () => {
          this.reconnectDelay = RECONNECT_MIN_MS;
          if (this.closed) {
            void this.listener?.end().catch(() => undefined);
            return;
          }
          this.opts.log.info('cluster bus: listening again');
          this.listeners.deliverResync();
        },
        () => {
          this.reconnectDelay = Math.min(RECONNECT_MAX_MS, this.reconnectDelay * 2);
          if (!this.closed) this.scheduleReconnect();
        },
      );
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
  }

  private receive(payload: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.o === this.origin || !Array.isArray(envelope.m)) return;
    for (const [topic, message] of envelope.m) this.listeners.deliver(topic, message as ClusterMessages[typeof topic], 'remote');
  }
}

/** Envelopes of at most MAX_NOTIFY_BYTES each, in order; a message too large alone is dropped (told). */
export function packEnvelopes(
  origin: string,
  messages: ReadonlyArray<[ClusterTopic, unknown]>,
  tooLarge: (topic: string) => void,
): string[] {
  const head = `{"o":${JSON.stringify(origin)},"m":[`;
  const out: string[] = [];
  let parts: string[] = [];
  let bytes = Buffer.byteLength(head) + 2;
  for (const message of messages) {
    const part = JSON.stringify(message);
    const size = Buffer.byteLength(part) + 1;
    if (Buffer.byteLength(head) + 2 + size > MAX_NOTIFY_BYTES) {
      tooLarge(message[0]);
      continue;
    }
    if (bytes + size > MAX_NOTIFY_BYTES) {
      out.push(`${head}${parts.join(',')}]}`);
      parts = [];
      bytes = Buffer.byteLength(head) + 2;
    }
    parts.push(part);
    bytes += size;
  }
  if (parts.length > 0) out.push(`${head}${parts.join(',')}]}`);
  return out;
}

async function channelOfSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  // identifiers are at most 63 bytes; schema names are short in practice, the cut keeps it valid
  return `helio_bus_${rows[0]?.schema ?? 'public'}`.slice(0, 63);
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

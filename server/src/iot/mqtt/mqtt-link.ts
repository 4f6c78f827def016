// The server's MQTT client: takes gateways' reports into the shadow store and publishes each
// change of a delta back to the device (retained, so a gateway that connects later still gets it).
// With several replicas each report comes to one of them (a shared subscription), and the replica
// that stores a change publishes its delta. A report is acknowledged to the broker once stored
// (held-acks.ts), and a report the database cannot take now is tried again for a while: an
// acknowledged report is a stored one.
import { DropCounts } from './drop-counts';
import { ALL_REPORTED_TOPICS, ALL_STATUS_TOPICS, deltaTopic, thingNameOfReportedTopic } from '@helio/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { DROP_WARNING_INTERVAL_MS, DropWarnings } from './drop-warnings';
import { FloodGuard, type FloodLimits } from './flood-guard';
import { GatewayConnections, type GatewayConnection } from './gateway-status';
import { HeldAcks, type Acknowledge } from './held-acks';
import type { DeviceLog } from '../log';
import { parseReport, type DropReason, type ParsedReport } from './reported-message';
import { deltaOf, type ShadowDocument } from '../shadows/shadow-doc';
import { ShadowLimitError } from '../shadows/shadow-limits';
import { REPORT_BATCHES_AT_ONCE, REPORTS_PER_BATCH, type ShadowStore } from '../shadows/shadow-store';
import { Fifo } from '../../fifo';

export interface MqttLinkOptions {
  url: string;
  store: ShadowStore;
  /** Whether a thing may report (is a plant); reports of other things are dropped. */
  isKnownThing: (thingName: string) => Promise<boolean>;
  log: DeviceLog;
  /**
   * Stable per server (host and port) so its persistent session keeps what it was sent but did not
   * acknowledge, and its share of the reports, while it restarts.
   */
  clientId: string;
  /** The server's own broker login (a broker that checks logins grants it every topic). */
  username?: string;
  password?: string;
  connectTimeoutMs?: number;
  now?: () => number;
  /** Per-gateway report rate and backlog (GATEWAY_FLOOD_LIMITS by default). */
  floodLimits?: FloodLimits;
  /** How long a report the database cannot take is tried again (STORE_RETRY_MS by default). */
  storeRetryMs?: number;
  /** Reports stored at once (STORE_CONCURRENCY by default). */
  storeConcurrency?: number;
  /**
   * Subscribe to reports as a member of this shared-subscription group (`$share/<group>/…`): the broker
   * hands each report to one member, so N replicas store it once. Unset: a plain subscription.
   */
  shareGroup?: string;
}

/**
 * The topic filters the server subscribes to. Reports are shared within the group; statuses are not:
 * each replica keeps every gateway's connection state in memory, and a broker sends retained
 * statuses to plain subscriptions only.
 */
export function serverSubscriptions(shareGroup: string | undefined): string[] {
  return [shareGroup ? `$share/${shareGroup}/${ALL_REPORTED_TOPICS}` : ALL_REPORTED_TOPICS, ALL_STATUS_TOPICS];
}

/** A database restart or failover takes seconds; a report waits this long for it, then counts as failed. */
export const STORE_RETRY_MS = 60_000;
/**
 * Reports handed to the store at once: enough to fill the batches it writes and gather the next ones
 * (the store decides how many connections they take); more wait here, unacknowledged.
 */
export const STORE_CONCURRENCY = REPORTS_PER_BATCH * (REPORT_BATCHES_AT_ONCE + 1);
const FIRST_RETRY_DELAY_MS = 250;
const RECONNECT_MS = 200;
/** How long a close waits for deltas the broker has not acknowledged before it ends the connection anyway. */
export const CLOSE_GRACE_MS = 2000;
const LONGEST_RETRY_DELAY_MS = 5_000;

/** The group that holds a replica's place while it leaves its shared group and joins again. */
export function rejoinGroup(shareGroup: string): string {
  return `${shareGroup}-rejoin`;
}

export interface MqttLinkStats {
  received: number;
  applied: number;
  /** Copies of a report that was still being stored (sent again after a reconnect): not stored twice. */
  resent: number;
  dropped: Record<DropReason | 'unknownThing' | 'failed' | 'flooded', number>;
}

/** The server's own connection to the broker, for the services page. */
export interface BrokerConnection {
  connected: boolean;
  /** epoch ms of the current connection's start; null while disconnected */
  since: number | null;
}

export class MqttLink {
  private connectedSince: number | null = null;
  private everConnected = false;
  private readonly counters: MqttLinkStats = {
    received: 0,
    applied: 0,
    resent: 0,
    dropped: { oversized: 0, malformed: 0, unknownThing: 0, failed: 0, flooded: 0 },
  };
  private readonly inFlight = new Set<Promise<void>>();
  /**
   * The reports being stored, by topic and body. After a reconnect the broker sends every report this
   * server has not acknowledged yet again, the ones still queued here too; each reconnect would add
   * another copy of the whole backlog to store. A copy waits for the first instead.
   */
  private readonly beingStored = new Map<string, Promise<Acknowledge>>();
  private readonly unsubscribeStore: () => void;
  private readonly connections = new GatewayConnections();
  private readonly dropWarnings: DropWarnings;
  /** Drops per thing name since start (bounded: bogus names must not grow it without end). */
  private readonly droppedByThing = new DropCounts();
  private readonly floodGuard: FloodGuard;
  private readonly heldAcks: HeldAcks;
  private closing = false;
  private retryWarnedAt = -Infinity;
  private storing = 0;
  /** Reports waiting for a store slot, woken in arrival order (a queue that grows while the database is slow). */
  private readonly waitingToStore = new Fifo<() => void>();
  /**
   * Reports waiting to be tried again, each woken by its timer or by close(). Not a race against one
   * promise pending for the link's life: every retry would add a reaction to it that is never let go
   * (thousands a PostgreSQL outage, 3.5 MiB kept for good: the reliability suite's heap snapshots).
   */
  private readonly sleepers = new Set<() => void>();
  /** Deltas published and not yet acknowledged by the broker (also in inFlight). */
  private readonly deltasInFlight = new Set<Promise<void>>();

  private constructor(
    private readonly client: MqttClient,
    private readonly opts: MqttLinkOptions,
  ) {
    this.dropWarnings = new DropWarnings((line) => opts.log.warn(line), opts.now);
    this.floodGuard = new FloodGuard(opts.floodLimits, opts.now);
    this.heldAcks = new HeldAcks(client);
    client.on('message', (topic, payload, packet) => {
      if (this.connections.receive(topic, payload, Date.now())) return;
      this.counters.received++;
      const parsed = parseReport(topic, payload, Date.now());
      if (!parsed.ok) {
        // dropped at once, each copy counted: only a report that goes on to be stored has copies to wait for
        this.dropUnparsed(topic, parsed);
        this.heldAcks.hold(packet.messageId, Promise.resolve(true));
        return;
      }
      const key = `${topic}\n${payload.toString('latin1')}`;
      const first = this.beingStored.get(key);
      if (first !== undefined) {
        this.counters.resent++;
        this.heldAcks.hold(packet.messageId, first);
        return;
      }
      const thing = parsed.thingName;
      if (!this.floodGuard.admit(thing)) {
        this.counters.dropped.flooded++;
        this.dropWarnings.dropped(thing, `mqtt: dropped a report of ${thing}: it reports faster than the server stores`);
        return;
      }
      const work = this.receive(parsed).finally(() => {
        this.floodGuard.done(thing);
        this.beingStored.delete(key);
      });
      this.beingStored.set(key, work);
      this.heldAcks.hold(packet.messageId, work);
      this.track(work.then(() => undefined));
    });
    this.unsubscribeStore = opts.store.onChange((change) => {
      if (!change.deltaChanged) return;
      const sent = this.publishDelta(change.thingName, change.doc);
      this.deltasInFlight.add(sent);
      void sent.finally(() => this.deltasInFlight.delete(sent));
      this.track(sent);
    });
  }

  /** Connects (QoS 1; a persistent session unless shared) and subscribes to every gateway's reports and statuses. */
  static async connect(opts: MqttLinkOptions): Promise<MqttLink> {
    const client = mqtt.connect(opts.url, {
      clientId: opts.clientId,
      username: opts.username,
      password: opts.password,
      // A persistent session keeps the reports sent but not yet acknowledged (stored) when the server
      // stops or dies, and queues its share of new ones until it returns. In a shared group that
      // share waits for the replica too: a replica removed for good leaves its session (README).
      clean: false,
      // Back before the gateways (they retry every second or two): after a broker restart a report
      // that reaches the shared group before any replica has joined it again is dropped by the broker.
      reconnectPeriod: RECONNECT_MS,
      connectTimeout: opts.connectTimeoutMs ?? 10_000,
    });
    const link = new MqttLink(client, opts);
    client.on('connect', (connack) => {
      if (link.connectedSince === null && link.everConnected)
        opts.log.info(`mqtt: connected again to ${opts.url} (session ${connack.sessionPresent ? 'resumed' : 'new'})`);
      link.everConnected = true;
      link.connectedSince = Date.now();
      const topics = serverSubscriptions(opts.shareGroup);
      // Mosquitto 2.0 restores a persistent session's shared subscription from its persistence file
      // after a restart without handing it any report (the reliability suite's Mosquitto restart shows
      // it): leave the group and join again. Meanwhile a second group (rejoinGroup) holds the place,
      // joined before leaving and left after joining: the broker handles one client's packets in
      // order, so no report finds this server in neither group (a group without members drops it);
      // while both hold, a report may come twice, and a report stored twice adds nothing.
      const bridge =
        connack.sessionPresent && opts.shareGroup !== undefined ? serverSubscriptions(rejoinGroup(opts.shareGroup))[0] : undefined;
      if (bridge !== undefined) {
        client.subscribe(bridge, { qos: 1 });
        client.unsubscribe(topics[0]);
      }
      client.subscribe(topics, { qos: 1 }, (error, granted) => {
        if (error) opts.log.error(`mqtt: subscribing to gateway topics failed: ${error.message}`);
        for (const g of granted ?? []) if (g.qos === 128) opts.log.error(`mqtt: the broker refused the subscription to ${g.topic}`);
        if (bridge !== undefined && !error) client.unsubscribe(bridge);
      });
    });
    let lastError = { line: '', at: -Infinity };
    client.on('error', (error) => {
      // Each reconnect attempt to a broker that is down fails alike: one line per interval, not five a second.
      const line = `mqtt: ${error.message}`;
      if (line === lastError.line && Date.now() - lastError.at < DROP_WARNING_INTERVAL_MS) return;
      lastError = { line, at: Date.now() };
      opts.log.warn(line);
    });
    client.on('offline', () => opts.log.warn(`mqtt: broker ${opts.url} unreachable, retrying`));
    client.on('close', () => {
      link.connectedSince = null;
    });
    try {
      await firstConnect(client, opts.connectTimeoutMs ?? 10_000, opts.url);
    } catch (error) {
      await link.close();
      throw error;
    }
    opts.log.info(`mqtt: connected to ${opts.url} as ${opts.clientId}`);
    return link;
  }

  /** What the broker last said about a gateway's connection; undefined when it said nothing. */
  connection(thingName: string): GatewayConnection | undefined {
    return this.connections.get(thingName);
  }

  /** The gateways the broker last said are disconnected. */
  disconnectedGateways(): string[] {
    return this.connections.disconnected();
  }

  brokerConnection(): BrokerConnection {
    const since = this.client.connected ? this.connectedSince : null;
    return { connected: since !== null, since };
  }

  /** Messages of one thing dropped since the server started. */
  droppedOf(thingName: string): number {
    return this.droppedByThing.of(thingName);
  }

  private countDrop(thingName: string): void {
    this.droppedByThing.count(thingName);
  }

  stats(): MqttLinkStats {
    return { ...this.counters, dropped: { ...this.counters.dropped } };
  }

  /** Publishes a thing's current delta (retained), or clears the retained one when there is none. */
  async publishDelta(thingName: string, doc: ShadowDocument): Promise<void> {
    const delta = deltaOf(doc);
    const payload = Object.keys(delta).length > 0 ? JSON.stringify({ state: delta, version: doc.version, timestamp: doc.timestamp }) : '';
    try {
      await this.client.publishAsync(deltaTopic(thingName), payload, { qos: 1, retain: true });
    } catch (error) {
      this.opts.log.error(`mqtt: publishing the delta of ${thingName} failed: ${(error as Error).message}`);
    }
  }

  /** Resolves when the messages received so far are processed. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** PUBACKs held back now, waiting for their reports to be stored. */
  unacknowledged(): number {
    return this.heldAcks.pending();
  }

  /**
   * Stores the reports received so far (their PUBACKs go), then ends. A delta waits for the broker's
   * acknowledgement, and mqtt.js's plain end() for every such one: while the broker is away, for ever
   * (a replica stopped during an outage hung). So deltas get CLOSE_GRACE_MS, then the end is forced;
   * an unacknowledged delta is not lost: the thing's desired state is published again on every start.
   */
  async close(): Promise<void> {
    this.closing = true;
    for (const wake of [...this.sleepers]) wake();
    this.unsubscribeStore();
    for (;;) {
      const reports = [...this.inFlight].filter((work) => !this.deltasInFlight.has(work));
      if (reports.length === 0) break;
      await Promise.all(reports);
    }
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all([...this.deltasInFlight]), new Promise((resolve) => (grace = setTimeout(resolve, CLOSE_GRACE_MS)))]);
    clearTimeout(grace);
    await this.client.endAsync(this.deltasInFlight.size > 0);
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Runs `store` once fewer than storeConcurrency reports are being stored. */
  private async inStoreSlot<T>(store: () => Promise<T>): Promise<T> {
    while (this.storing >= (this.opts.storeConcurrency ?? STORE_CONCURRENCY)) {
      await new Promise<void>((resolve) => this.waitingToStore.push(resolve));
    }
    this.storing++;
    try {
      return await store();
    } finally {
      this.storing--;
      this.waitingToStore.shift()?.();
    }
  }

  /** One line per DROP_WARNING_INTERVAL_MS while reports wait for the database, not one per report. */
  private warnRetrying(error: Error): void {
    const now = Date.now();
    if (now - this.retryWarnedAt < DROP_WARNING_INTERVAL_MS) return;
    this.retryWarnedAt = now;
    this.opts.log.warn(
      `mqtt: the database did not take a report (${error.message}); each is tried again for up to ${(this.opts.storeRetryMs ?? STORE_RETRY_MS) / 1000} s`,
    );
  }

  /** Counts and tells (once a minute per thing) a report that could not be read. */
  private dropUnparsed(topic: string, parsed: Extract<ParsedReport, { ok: false }>): void {
    const sender = thingNameOfReportedTopic(topic) ?? topic;
    this.counters.dropped[parsed.reason]++;
    this.countDrop(sender);
    this.dropWarnings.dropped(sender, `mqtt: dropped a report on ${topic}: ${parsed.reason}, ${parsed.detail}`);
  }

  /** Waits `ms`, or less if the link closes meanwhile; leaves nothing behind either way. */
  private pause(ms: number): Promise<void> {
    if (this.closing) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }

  /** Reports waiting now to be tried again (shows that a retry lets go of what it held). */
  retrying(): number {
    return this.sleepers.size;
  }

  /** Stores one report; answers whether to acknowledge it (stored, or dropped for good). */
  private async receive(parsed: Extract<ParsedReport, { ok: true }>): Promise<Acknowledge> {
    const retryUntil = Date.now() + (this.opts.storeRetryMs ?? STORE_RETRY_MS);
    for (let attempt = 0; ; attempt++) {
      try {
        if (!(await this.opts.isKnownThing(parsed.thingName))) {
          this.counters.dropped.unknownThing++;
          this.dropWarnings.dropped(parsed.thingName, `mqtt: dropped a report of unknown thing ${parsed.thingName}`);
          return true;
        }
        await this.inStoreSlot(() => this.opts.store.applyReported(parsed.thingName, parsed.reported, Date.now(), parsed.sampledAt));
        this.counters.applied++;
        return true;
      } catch (error) {
        if (error instanceof ShadowLimitError) {
          // The report is fine alone but would grow the stored document past a limit.
          this.counters.dropped[error.limit === 'tooLarge' ? 'oversized' : 'malformed']++;
          this.countDrop(parsed.thingName);
          this.dropWarnings.dropped(parsed.thingName, `mqtt: dropped a report of ${parsed.thingName}: ${error.message}`);
          return true;
        }
        // Stopping: left unacknowledged, the broker sends it again when this server is back.
        if (this.closing) return false;
        const wait = Math.min(FIRST_RETRY_DELAY_MS * 2 ** attempt, LONGEST_RETRY_DELAY_MS);
        if (Date.now() + wait > retryUntil) {
          this.counters.dropped.failed++;
          this.countDrop(parsed.thingName);
          this.opts.log.error(`mqtt: storing a report of ${parsed.thingName} failed: ${(error as Error).message}`);
          return true;
        }
        this.warnRetrying(error as Error);
        await this.pause(wait);
      }
    }
  }
}

function firstConnect(client: MqttClient, timeoutMs: number, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('connect', onConnect);
      reject(new Error(`could not connect to the MQTT broker at ${url} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onConnect = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('connect', onConnect);
  });
}

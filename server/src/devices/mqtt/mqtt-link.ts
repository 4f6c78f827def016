// The server's MQTT client: takes gateways' reports into the shadow store and publishes each
// change of a delta back to the device (retained, so a gateway that connects later still gets it).
// With several replicas each report comes to one of them (a shared subscription), and the replica
// that stores a change publishes its delta.
import { ALL_REPORTED_TOPICS, ALL_STATUS_TOPICS, deltaTopic, thingNameOfReportedTopic } from '@helio/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { DropWarnings } from './drop-warnings';
import { FloodGuard, type FloodLimits } from './flood-guard';
import { GatewayConnections, type GatewayConnection } from './gateway-status';
import type { DeviceLog } from '../log';
import { parseReport, type DropReason } from './reported-message';
import { deltaOf, type ShadowDocument } from '../shadows/shadow-doc';
import { ShadowLimitError } from '../shadows/shadow-limits';
import type { ShadowStore } from '../shadows/shadow-store';

export interface MqttLinkOptions {
  url: string;
  store: ShadowStore;
  /** Whether a thing may report (is a plant); reports of other things are dropped. */
  isKnownThing: (thingName: string) => Promise<boolean>;
  log: DeviceLog;
  /** Stable per server process so its persistent session queues reports while it restarts. */
  clientId: string;
  /** The server's own broker login (a broker that checks logins grants it every topic). */
  username?: string;
  password?: string;
  connectTimeoutMs?: number;
  now?: () => number;
  /** Per-gateway report rate and backlog (GATEWAY_FLOOD_LIMITS by default). */
  floodLimits?: FloodLimits;
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

export interface MqttLinkStats {
  received: number;
  applied: number;
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
  private readonly counters: MqttLinkStats = {
    received: 0,
    applied: 0,
    dropped: { oversized: 0, malformed: 0, unknownThing: 0, failed: 0, flooded: 0 },
  };
  private readonly inFlight = new Set<Promise<void>>();
  private readonly unsubscribeStore: () => void;
  private readonly connections = new GatewayConnections();
  private readonly dropWarnings: DropWarnings;
  /** Drops per thing name since start (bounded: bogus names must not grow it without end). */
  private readonly droppedByThing = new Map<string, number>();
  private readonly floodGuard: FloodGuard;

  private constructor(
    private readonly client: MqttClient,
    private readonly opts: MqttLinkOptions,
  ) {
    this.dropWarnings = new DropWarnings((line) => opts.log.warn(line), opts.now);
    this.floodGuard = new FloodGuard(opts.floodLimits, opts.now);
    client.on('message', (topic, payload) => {
      if (this.connections.receive(topic, payload, Date.now())) return;
      const thing = thingNameOfReportedTopic(topic);
      if (thing !== undefined && !this.floodGuard.admit(thing)) {
        this.counters.received++;
        this.counters.dropped.flooded++;
        this.dropWarnings.dropped(thing, `mqtt: dropped a report of ${thing}: it reports faster than the server stores`);
        return;
      }
      this.track(this.receive(topic, payload).finally(() => thing !== undefined && this.floodGuard.done(thing)));
    });
    this.unsubscribeStore = opts.store.onChange((change) => {
      if (change.deltaChanged) this.track(this.publishDelta(change.thingName, change.doc));
    });
  }

  /** Connects (QoS 1; a persistent session unless shared) and subscribes to every gateway's reports and statuses. */
  static async connect(opts: MqttLinkOptions): Promise<MqttLink> {
    const client = mqtt.connect(opts.url, {
      clientId: opts.clientId,
      username: opts.username,
      password: opts.password,
      // A persistent session queues reports while the server restarts. Not in a shared group: Mosquitto
      // keeps handing a gone member's session its share of the reports until it returns.
      clean: opts.shareGroup !== undefined,
      reconnectPeriod: 1000,
      connectTimeout: opts.connectTimeoutMs ?? 10_000,
    });
    const link = new MqttLink(client, opts);
    client.on('connect', () => {
      link.connectedSince = Date.now();
      client.subscribe(serverSubscriptions(opts.shareGroup), { qos: 1 }, (error, granted) => {
        if (error) opts.log.error(`mqtt: subscribing to gateway topics failed: ${error.message}`);
        for (const g of granted ?? []) if (g.qos === 128) opts.log.error(`mqtt: the broker refused the subscription to ${g.topic}`);
      });
    });
    client.on('error', (error) => opts.log.warn(`mqtt: ${error.message}`));
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
    return this.droppedByThing.get(thingName) ?? 0;
  }

  private countDrop(thingName: string): void {
    if (this.droppedByThing.size >= 10_000 && !this.droppedByThing.has(thingName)) return;
    this.droppedByThing.set(thingName, (this.droppedByThing.get(thingName) ?? 0) + 1);
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

  async close(): Promise<void> {
    this.unsubscribeStore();
    await this.settled();
    await this.client.endAsync();
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async receive(topic: string, payload: Buffer): Promise<void> {
    this.counters.received++;
    const parsed = parseReport(topic, payload, Date.now());
    if (!parsed.ok) {
      this.counters.dropped[parsed.reason]++;
      this.countDrop(thingNameOfReportedTopic(topic) ?? topic);
      this.dropWarnings.dropped(
        thingNameOfReportedTopic(topic) ?? topic,
        `mqtt: dropped a report on ${topic}: ${parsed.reason}, ${parsed.detail}`,
      );
      return;
    }
    try {
      if (!(await this.opts.isKnownThing(parsed.thingName))) {
        this.counters.dropped.unknownThing++;
        this.dropWarnings.dropped(parsed.thingName, `mqtt: dropped a report of unknown thing ${parsed.thingName}`);
        return;
      }
      await this.opts.store.applyReported(parsed.thingName, parsed.reported, Date.now(), parsed.sampledAt);
      this.counters.applied++;
    } catch (error) {
      if (error instanceof ShadowLimitError) {
        // The report is fine alone but would grow the stored document past a limit.
        this.counters.dropped[error.limit === 'tooLarge' ? 'oversized' : 'malformed']++;
        this.countDrop(parsed.thingName);
        this.dropWarnings.dropped(parsed.thingName, `mqtt: dropped a report of ${parsed.thingName}: ${error.message}`);
        return;
      }
      this.counters.dropped.failed++;
      this.countDrop(parsed.thingName);
      this.opts.log.error(`mqtt: storing a report of ${parsed.thingName} failed: ${(error as Error).message}`);
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

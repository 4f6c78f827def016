// The gateway's MQTT link to Helio: it logs in as `gw-<thingName>` with the plant's gateway password
// (TLS when the URL is mqtts:// or wss://), hears its delta, and sends its reports from the outbox, in
// order and paced (the server admits 20 reports a second from one gateway), each removed only once
// the broker acknowledged it. Its status is retained with its health; its last will says it is gone.
import { deltaTopic, readDelta, reportedTopic, statusTopic, type GatewayHealth } from '@helio/contracts';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import fs from 'node:fs';
import type { LocalStore } from '../store/local-store';

export interface LinkLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface HelioLinkOptions {
  url: string;
  thingName: string;
  password: string;
  /** A CA certificate (PEM) for a broker whose certificate the system does not trust. */
  caFile?: string;
  store: LocalStore;
  log: LinkLog;
  /** The delta's state, each time one arrives. */
  onDelta(state: Record<string, unknown>): void;
  /** Reports sent per second at most while catching up (default 10, half of what the server admits). */
  sendPerSecond?: number;
  /** Reports sent and not yet acknowledged at most (default 10). */
  window?: number;
  reconnectMs?: number;
  /** A report handed to the client and not acknowledged for this long while connected goes again (default ACK_TIMEOUT_MS). */
  ackTimeoutMs?: number;
  now?: () => number;
}

const OFFLINE = JSON.stringify({ online: false });
/** How long a stop waits for the broker to take the "offline" status. */
const STOP_GRACE_MS = 2000;
/**
 * A report not acknowledged for this long on a connection that stayed up is sent again (a copy the
 * server stores once): without it, a lost acknowledgement held the oldest report back until the next
 * reconnect while newer ones flowed (a CI run's gateway journey, ci-s52d).
 */
export const ACK_TIMEOUT_MS = 20_000;

/** One hand-over of an outbox entry to the client: its callback knows whether it is still the one awaited. */
interface Sent {
  at: number;
}

export class HelioLink {
  private readonly client: MqttClient;
  /** Outbox entries handed to the client on this connection and not yet acknowledged. */
  private readonly inFlight = new Map<number, Sent>();
  /** The newest outbox entry handed to the client on this connection. */
  private sentUpTo = 0;
  private tokens: number;
  private tokensAt: number;
  private pumpTimer: NodeJS.Timeout | undefined;
  private connectedSince: number | null = null;
  private lastHealth: GatewayHealth | undefined;
  private closing = false;
  lastPublishAt: number | null = null;
  /** Reports the broker acknowledged since start. */
  acknowledged = 0;

  constructor(private readonly opts: HelioLinkOptions) {
    const clientId = `gw-${opts.thingName}`;
    const now = opts.now ?? Date.now;
    this.tokens = this.rate;
    this.tokensAt = now();
    const options: IClientOptions = {
      clientId,
      username: clientId,
      password: opts.password,
      // A persistent session: the retained delta and anything queued for the gateway reach it after a gap.
      clean: false,
      reconnectPeriod: opts.reconnectMs ?? 3000,
      connectTimeout: 10_000,
      will: { topic: statusTopic(opts.thingName), payload: Buffer.from(OFFLINE), qos: 1, retain: true },
      ...(opts.caFile ? { ca: fs.readFileSync(opts.caFile) } : {}),
    };
    this.client = mqtt.connect(opts.url, options);
    this.client.on('connect', () => {
      this.connectedSince = now();
      opts.log.info(`mqtt: connected to ${opts.url} as ${clientId}`);
      this.client.subscribe(deltaTopic(opts.thingName), { qos: 1 }, (error, granted) => {
        if (error || granted?.some((g) => g.qos === 128)) opts.log.warn(`mqtt: the broker refused the delta subscription`);
      });
      this.publishStatus();
      this.pump();
    });
    this.client.on('close', () => {
      if (this.connectedSince !== null && !this.closing)
        opts.log.warn(`mqtt: lost the broker; reports wait in the outbox (${opts.store.depth()})`);
      this.connectedSince = null;
      // Whatever was handed to the client and not acknowledged goes again, from the oldest: the outbox still has it.
      this.inFlight.clear();
      this.sentUpTo = 0;
    });
    this.client.on('error', (error) => opts.log.warn(`mqtt: ${error.message}`));
    this.client.on('message', (topic, payload) => {
      if (topic !== deltaTopic(opts.thingName) || payload.length === 0) return;
      // the contract's DeltaMessage decides what a delta is
      const delta = readDelta(payload.toString('utf8'));
      if (delta) opts.onDelta(delta.state);
      else opts.log.warn('mqtt: ignored a delta that is not a DeltaMessage of the device contract');
    });
  }

  get connected(): boolean {
    return this.client.connected;
  }

  private get rate(): number {
    return this.opts.sendPerSecond ?? 10;
  }

  /** Puts a report in the outbox and sends what the broker can take now. */
  report(reported: Record<string, unknown>, timestamp: number): void {
    this.opts.store.enqueue(reportedTopic(this.opts.thingName), JSON.stringify({ state: { reported }, timestamp }), timestamp);
    this.pump();
  }

  /** Publishes the status with this health (retained) when connected; kept for the next connection otherwise. */
  health(health: GatewayHealth): void {
    this.lastHealth = health;
    this.publishStatus();
  }

  /**
   * Says "offline" (when connected, waiting for the broker at most STOP_GRACE_MS) and closes at once.
   * A forced end: mqtt.js's plain end() waits for every unacknowledged report, and with a persistent
   * session a report sent just before the broker went waits for it forever (a gateway restarted in an
   * outage hung). Nothing is lost: a report leaves the outbox only when acknowledged.
   */
  async stop(): Promise<void> {
    this.closing = true;
    clearTimeout(this.pumpTimer);
    if (this.client.connected) {
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        this.client.publishAsync(statusTopic(this.opts.thingName), OFFLINE, { qos: 1, retain: true }).catch(() => undefined),
        new Promise((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS))),
      ]);
      clearTimeout(grace);
    }
    await this.client.endAsync(true);
  }

  private publishStatus(): void {
    if (!this.client.connected || this.connectedSince === null) return;
    const status = { online: true, since: this.connectedSince, ...(this.lastHealth ? { health: this.lastHealth } : {}) };
    this.client.publish(statusTopic(this.opts.thingName), JSON.stringify(status), { qos: 1, retain: true }, () => undefined);
  }

  /** Hands the oldest waiting reports to the client, within the window and the pace. */
  private pump(): void {
    clearTimeout(this.pumpTimer);
    this.pumpTimer = undefined;
    if (!this.client.connected || this.closing) return;
    const now = (this.opts.now ?? Date.now)();
    for (const [seq, sent] of this.inFlight)
      if (now - sent.at > (this.opts.ackTimeoutMs ?? ACK_TIMEOUT_MS)) {
        // Said in the log: a connection that stays up and loses an acknowledgement is a fault to find.
        this.opts.log.warn(`mqtt: report ${seq} not acknowledged in ${Math.round((now - sent.at) / 1000)} s; sent again`);
        this.sendAgain(seq);
      }
    this.tokens = Math.min(this.rate, this.tokens + ((now - this.tokensAt) / 1000) * this.rate);
    this.tokensAt = now;
    const room = Math.min((this.opts.window ?? 10) - this.inFlight.size, Math.floor(this.tokens));
    const entries = room > 0 ? this.opts.store.next(room, this.sentUpTo) : [];
    for (const entry of entries) {
      this.sentUpTo = entry.seq;
      if (this.inFlight.has(entry.seq)) continue; // on its way already (the outbox was read again from an earlier entry)
      this.tokens -= 1;
      const sent: Sent = { at: now };
      this.inFlight.set(entry.seq, sent);
      this.client.publish(entry.topic, entry.payload, { qos: 1 }, (error) => {
        const ours = this.inFlight.get(entry.seq) === sent;
        if (ours) this.inFlight.delete(entry.seq);
        if (error) {
          // A lost connection sends everything again from the oldest ('close'); on one that stays up,
          // nothing else would send this entry again.
          if (ours && this.client.connected && !this.closing) {
            this.sendAgain(entry.seq);
            this.pumpLater();
          }
          return;
        }
        // A copy sent again after a reconnect may be acknowledged twice: counted once.
        if (this.opts.store.remove(entry.seq)) {
          this.acknowledged++;
          this.lastPublishAt = (this.opts.now ?? Date.now)();
        }
        if (ours) this.pump();
      });
    }
    // More waiting than the pace allows now: come back when a token is due.
    if (entries.length === room && room >= 0 && this.inFlight.size < (this.opts.window ?? 10)) this.pumpLater();
  }

  /** The entry goes out again with the next pump: the outbox is read again from it. */
  private sendAgain(seq: number): void {
    this.inFlight.delete(seq);
    this.sentUpTo = Math.min(this.sentUpTo, seq - 1);
  }

  private pumpLater(): void {
    clearTimeout(this.pumpTimer);
    this.pumpTimer = setTimeout(() => this.pump(), Math.ceil(1000 / this.rate));
  }
}

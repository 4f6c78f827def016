import mqtt, { type MqttClient } from 'mqtt';
import { chargerSettingsFrom, toReported } from './model/reported';
import { applyDelta } from './model/settings';
import { parseSimEv } from './model/sim-ev';
import { advancePlant, newPlantRun, type PlantRun } from './history';
import type { SimPlantConfig } from './model/plant';
import { parseFaults } from './model/faults';
import { deltaTopic, readDelta, reportedTopic, simEvTopic, simFaultsTopic, statusTopic } from '@helio/contracts';

export interface SimLogger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** Simulated time; runs `timeFactor` times faster than the wall clock from the moment it was made. */
export interface SimClock {
  now(): number;
}

export function simClock(timeFactor = 1, startedAt = Date.now()): SimClock {
  return { now: () => startedAt + (Date.now() - startedAt) * timeFactor };
}

export interface GatewayOptions {
  mqttUrl: string;
  plant: SimPlantConfig;
  intervalMs: number;
  clock: SimClock;
  log: SimLogger;
  connectTimeoutMs: number;
  /** The gateway's MQTT password (its username is its client id, `gw-<thingName>`). */
  password?: string;
  /** Applies a delta this long after it arrives (ms, default 0), as a device's next control cycle would. */
  applyDelayMs?: number;
}

const OFFLINE = JSON.stringify({ online: false });
/** How long a stop waits for the broker to take the "offline" status. */
const STOP_GRACE_MS = 2000;

/** One plant's gateway: a real MQTT client that reports its state and applies desired changes. */
export class Gateway {
  private client: MqttClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private backOnline: NodeJS.Timeout | undefined;
  private readonly run: PlantRun;
  private lastStepAt: number;

  constructor(private readonly opts: GatewayOptions) {
    this.run = newPlantRun(opts.plant);
    this.lastStepAt = opts.clock.now() - opts.intervalMs;
  }

  get thingName(): string {
    return this.opts.plant.thingName;
  }

  /** The plant this gateway reports: its OCPP chargers share it (simulator.ts). */
  get plantRun(): PlantRun {
    return this.run;
  }

  /** Connects (persistent session, so deltas queued while offline still arrive) and starts reporting. */
  async start(): Promise<void> {
    const { thingName } = this.opts.plant;
    const clientId = `gw-${thingName}`;
    const client = mqtt.connect(this.opts.mqttUrl, {
      clientId,
      username: this.opts.password === undefined ? undefined : clientId,
      password: this.opts.password,
      // The broker announces an unexpected loss of the connection on the gateway's status topic.
      will: { topic: statusTopic(thingName), payload: Buffer.from(OFFLINE), qos: 1, retain: true },
      clean: false,
      reconnectPeriod: 2000,
      connectTimeout: this.opts.connectTimeoutMs,
    });
    this.client = client;
    client.on('connect', () => {
      client.subscribe([deltaTopic(thingName), simFaultsTopic(thingName), simEvTopic(thingName)], { qos: 1 }, (error) => {
        if (error) this.opts.log.warn(`gateway ${thingName}: subscribe failed: ${error.message}`);
      });
      client.publish(statusTopic(thingName), JSON.stringify({ online: true, since: Date.now() }), { qos: 1, retain: true });
      this.report();
    });
    client.on('message', (topic, payload) => {
      if (topic === simFaultsTopic(thingName)) this.applyFaults(payload);
      else if (topic === simEvTopic(thingName)) this.applySimEv(payload);
      else this.applyDelta(payload);
    });
    client.on('error', (error) => this.opts.log.warn(`gateway ${thingName}: ${error.message}`));
    await firstConnect(client, this.opts.connectTimeoutMs);
    this.timer = setInterval(() => this.report(), this.opts.intervalMs);
  }

  async stop(): Promise<void> {
    clearTimeout(this.backOnline);
    this.backOnline = undefined;
    clearInterval(this.timer);
    this.timer = undefined;
    // Says "offline" if the broker takes it within STOP_GRACE_MS, then ends at once: mqtt.js's plain
    // end() waits for every unacknowledged report, for ever while the broker is away (as the gateway's link).
    if (this.client?.connected) {
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        this.client.publishAsync(statusTopic(this.thingName), OFFLINE, { qos: 1, retain: true }).catch(() => undefined),
        new Promise((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS))),
      ]);
      clearTimeout(grace);
    }
    await this.client?.endAsync(true);
    this.client = undefined;
  }

  /** Steps the model to now and publishes the reported state (skipped while offline: state, not history). */
  private report(): void {
    const client = this.client;
    if (!client?.connected) return;
    const now = this.opts.clock.now();
    const reading = advancePlant(this.run, this.lastStepAt, now);
    this.lastStepAt = now;
    // Stamped with the wall clock: under a time factor the values run ahead, the samples stay in the present.
    const body = JSON.stringify({ state: { reported: toReported(this.opts.plant, this.run.state, reading) }, timestamp: Date.now() });
    client.publish(reportedTopic(this.thingName), body, { qos: 1 }, (error) => {
      if (error) this.opts.log.warn(`gateway ${this.thingName}: publish failed: ${error.message}`);
    });
  }

  /** Takes the injected faults of a control message (see simFaultsTopic), then reports at once. */
  private applyFaults(payload: Buffer): void {
    const faults = parseFaults(payload);
    if (!faults) {
      this.opts.log.warn(`gateway ${this.thingName}: ignored a fault message that is not {"inverterFault":bool,"gridOutage":bool}`);
      return;
    }
    const { offlineUntil, ...plantFaults } = faults;
    this.run.state = { ...this.run.state, faults: plantFaults };
    this.opts.log.info(`gateway ${this.thingName}: faults ${JSON.stringify(faults)}`);
    if (offlineUntil !== undefined && offlineUntil > Date.now() && !this.backOnline) {
      void this.goOffline(offlineUntil);
      return;
    }
    this.report();
  }

  /**
   * Leaves the broker in an orderly way (status offline) and comes back at `until` with the same
   * persistent session: what was sent meanwhile (the retained delta) reaches it on reconnect. The
   * retained fault message it then hears again has passed its time and is not obeyed twice.
   */
  private async goOffline(until: number): Promise<void> {
    await this.stop();
    this.backOnline = setTimeout(() => {
      this.backOnline = undefined;
      this.start().catch((error: unknown) => this.opts.log.warn(`gateway ${this.thingName}: reconnect failed: ${String(error)}`));
    }, until - Date.now());
  }

  /** Takes an EV test message (see simEvTopic): plugs a car in or out, pins sun and load, then reports. */
  private applySimEv(payload: Buffer): void {
    const command = parseSimEv(payload);
    if (!command) {
      this.opts.log.warn(`gateway ${this.thingName}: ignored an EV test message that is not {"car"?,"sunW"?,"loadW"?,"timing"?}`);
      return;
    }
    // Stepping to now first, so the new car or sun starts from here and not from the last report.
    const now = this.opts.clock.now();
    advancePlant(this.run, this.lastStepAt, now);
    this.lastStepAt = now;
    if (command.timing) this.run.config = { ...this.run.config, evTiming: command.timing };
    const state = this.run.state;
    const overrides = { ...state.overrides };
    if (command.sunW !== undefined) overrides.sunW = command.sunW;
    if (command.loadW !== undefined) overrides.loadW = command.loadW;
    let ev = state.ev;
    if (command.car === null) ev = { ...ev, session: null };
    else if (command.car) ev = { ...ev, session: { car: command.car, departsAt: Number.MAX_SAFE_INTEGER, deliveredKwh: 0 } };
    this.run.state = { ...state, overrides, ev };
    this.report();
  }

  /** Applies the writable keys of a delta document, then reports at once so the shadow converges. */
  private applyDelta(payload: Buffer): void {
    if (payload.length === 0) return; // the server cleared the retained delta
    // the contract's DeltaMessage decides what a delta is
    const delta = readDelta(payload.toString('utf8'));
    if (!delta) {
      this.opts.log.warn(`gateway ${this.thingName}: ignored a delta that is not a DeltaMessage of the device contract`);
      return;
    }
    const wanted = delta.state;
    const apply = () => {
      this.run.state = applyDelta(this.run.state, wanted, !!this.opts.plant.batteryKwh);
      this.run.state = {
        ...this.run.state,
        ev: { ...this.run.state.ev, settings: chargerSettingsFrom(wanted, this.run.state.ev.settings) },
      };
      this.report();
    };
    if (this.opts.applyDelayMs) setTimeout(apply, this.opts.applyDelayMs);
    else apply();
  }
}

function firstConnect(client: MqttClient, timeoutMs: number): Promise<void> {
  if (client.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`could not connect to the MQTT broker within ${timeoutMs} ms`));
    }, timeoutMs);
    const onConnect = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      client.off('connect', onConnect);
    };
    client.on('connect', onConnect);
  });
}

// The gateway: every interval it reads each device (all at once; one that fails does not stop the
// others), applies the console's controls and the export loop, and puts one report in the outbox,
// stamped with the moment it was read. A delta starts a cycle at once, so a control is confirmed
// without waiting for the next interval. Its health goes out with its status.
import path from 'node:path';
import type { GatewayHealth } from '@helio/contracts';
import type { GatewayConfig } from '../config';
import { PlantControls, type Controllable } from '../control/plant-controls';
import type { BatteryReading, DeviceReading, InverterReading, MeterReading } from '../drivers/readings';
import { plantReported } from '../mapping/plant-report';
import { ModbusTcpIo } from '../modbus/modbus-tcp';
import { HelioLink } from '../mqtt/helio-link';
import { LocalStore } from '../store/local-store';
import { shippedModels, type ModelLibrary } from '../sunspec/model-defs';
import { GATEWAY_VERSION } from '../version';
import { DeviceSession } from './device-session';
import { HealthPace } from './health-pace';

export interface GatewayLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface HelioGatewayOptions {
  config: GatewayConfig;
  log: GatewayLog;
  library?: ModelLibrary;
  now?: () => number;
  /** Reports sent per second at most while catching up. */
  sendPerSecond?: number;
}

export class HelioGateway {
  readonly sessions: DeviceSession[];
  readonly store: LocalStore;
  readonly controls: PlantControls;
  readonly link: HelioLink;
  /** Reports put in the outbox since start. */
  reports = 0;
  private readonly ios: ModbusTcpIo[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly cycleListeners = new Set<() => void>();
  private readonly healthPace = new HealthPace();

  constructor(private readonly opts: HelioGatewayOptions) {
    const { config, log } = opts;
    const now = opts.now ?? Date.now;
    const library = opts.library ?? shippedModels();
    // Entries at one address share its connection: a hybrid inverter is listed as an inverter and a battery.
    const ioByAddress = new Map<string, ModbusTcpIo>();
    const perKind = new Map<string, number>();
    this.sessions = config.devices.map((device) => {
      const key = `${device.host}:${device.port}:${device.unit}`;
      let io = ioByAddress.get(key);
      if (!io) {
        io = new ModbusTcpIo({ host: device.host, port: device.port, unit: device.unit, timeoutMs: config.modbusTimeoutMs });
        ioByAddress.set(key, io);
        this.ios.push(io);
      }
      const n = (perKind.get(device.kind) ?? 0) + 1;
      perKind.set(device.kind, n);
      return new DeviceSession(`${device.kind}-${n}`, device, io, library, now);
    });
    this.store = new LocalStore(path.join(config.dataDir, 'gateway.db'), config.outbox, now);
    this.controls = new PlantControls(this.store, log, undefined, now);
    this.link = new HelioLink({
      url: config.mqtt.url,
      thingName: config.thingName,
      password: config.mqtt.password,
      caFile: config.mqtt.caFile,
      store: this.store,
      log,
      onDelta: (state) => {
        this.controls.takeDelta(state);
        this.requestCycle();
      },
      sendPerSecond: opts.sendPerSecond,
      now,
    });
  }

  /** Starts the cycles; the first runs at once. The broker need not be up: reports wait in the outbox. */
  start(): void {
    const tick = () => {
      this.requestCycle();
      this.timer = setTimeout(tick, this.opts.config.intervalMs);
    };
    tick();
  }

  /** Resolves after the next cycle that starts from now has finished. */
  nextCycle(): Promise<void> {
    return new Promise((resolve) => {
      const listener = () => {
        this.cycleListeners.delete(listener);
        resolve();
      };
      this.cycleListeners.add(listener);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.link.stop();
    await Promise.all(this.ios.map((io) => io.close()));
    this.store.close();
  }

  health(): GatewayHealth {
    const oldest = this.store.oldestAt();
    const { capW, mode } = this.controls.lastDecision;
    return {
      version: GATEWAY_VERSION,
      at: (this.opts.now ?? Date.now)(),
      devices: this.sessions.map((s) => s.health()),
      buffered: this.store.depth(),
      ...(oldest !== null ? { oldestBufferedAt: oldest } : {}),
      dropped: this.store.droppedCount,
      ...(this.link.lastPublishAt !== null ? { lastPublishAt: this.link.lastPublishAt } : {}),
      exportLimit: { mode, capW },
    };
  }

  private requestCycle(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.cycle()
      .catch((error: unknown) => this.opts.log.error(`gateway: a cycle failed: ${(error as Error).stack ?? String(error)}`))
      .finally(() => {
        this.running = undefined;
        for (const listener of [...this.cycleListeners]) listener();
        if (this.again) {
          this.again = false;
          this.requestCycle();
        }
      });
  }

  private async cycle(): Promise<void> {
    const readAt = (this.opts.now ?? Date.now)();
    const readings = await Promise.all(this.sessions.map((s) => s.poll()));
    const answered = <R extends DeviceReading>(kind: R['kind']) =>
      this.sessions.flatMap((session, i): Array<Controllable<R>> => {
        const reading = readings[i];
        if (reading?.kind !== kind || !session.device) return [];
        return [{ id: session.id, device: session.device, reading: reading as R, reread: () => session.read() as Promise<R> }];
      });
    const inverters = answered<InverterReading>('inverter');
    const batteries = answered<BatteryReading>('battery');
    const meter = answered<MeterReading>('meter')[0]?.reading;
    const count = (kind: string) => this.sessions.filter((s) => s.config.kind === kind).length;
    const controlled = await this.controls.cycle({
      inverters,
      batteries,
      configured: { inverters: count('inverter'), batteries: count('battery'), meter: count('meter') > 0 },
      gridW: meter?.gridW,
    });
    const reported = {
      ...plantReported(
        {
          inverters: inverters.map((i) => i.reading),
          meter,
          batteries: batteries.map((b) => b.reading),
          devices: this.sessions.map((s) => ({ id: s.id, kind: s.config.kind, facts: s.facts })),
        },
        GATEWAY_VERSION,
      ),
      ...controlled,
    };
    // Measured before this cycle's report joins the outbox: in steady state nothing waits but it.
    const health = this.health();
    this.link.report(reported, readAt);
    this.reports++;
    if (this.healthPace.due(health)) this.link.health(health);
  }
}

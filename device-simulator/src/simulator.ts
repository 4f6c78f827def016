import { Gateway, simClock, type SimLogger } from './gateway';
import type { SimPlantConfig } from './model/plant';

export interface SimulatorOptions {
  mqttUrl: string;
  plants: SimPlantConfig[];
  /** How often each gateway reports, wall-clock ms. */
  intervalMs: number;
  /** Simulated time runs this many times faster than real time (default 1). */
  timeFactor?: number;
  /** Startup fails when a gateway cannot reach the broker within this time (default 10 s). */
  connectTimeoutMs?: number;
  log?: SimLogger;
  /** Each gateway's MQTT password by thing name (brokers that check logins); none: connect without. */
  passwords?: ReadonlyMap<string, string>;
  /** How long a gateway takes to apply a delta, ms (a real inverter's control cycle; default 0: at once). */
  applyDelayMs?: number;
}

export interface RunningSimulator {
  stop(): Promise<void>;
}

const silent: SimLogger = { info() {}, warn() {}, error() {} };

/** Starts one MQTT gateway per plant; resolves once every gateway is connected (each reports on connect). */
export async function startSimulator(opts: SimulatorOptions): Promise<RunningSimulator> {
  const log = opts.log ?? silent;
  const clock = simClock(opts.timeFactor ?? 1);
  const gateways = opts.plants.map(
    (plant) =>
      new Gateway({
        mqttUrl: opts.mqttUrl,
        plant,
        intervalMs: opts.intervalMs,
        clock,
        log,
        connectTimeoutMs: opts.connectTimeoutMs ?? 10_000,
        password: opts.passwords?.get(plant.thingName),
        applyDelayMs: opts.applyDelayMs,
      }),
  );
  const stopAll = () => Promise.all(gateways.map((g) => g.stop())).then(() => undefined);
  const started = await Promise.allSettled(gateways.map((g) => g.start()));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  log.info(`device simulator: ${gateways.length} gateway(s) reporting every ${opts.intervalMs} ms to ${opts.mqttUrl}`);
  return { stop: stopAll };
}

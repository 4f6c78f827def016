import { Gateway, simClock, type SimLogger } from './gateway';
import type { SimPlantConfig } from './model/plant';
import { SimChargePoint, type SimChargePointConfig } from './ocpp-charge-point';

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
  /**
   * The plants' chargers as OCPP 1.6J charge points of their own (each of a plant in `plants`): the
   * plant's gateway then leaves the EV to them. They connect in the background, as the server may
   * not listen yet.
   */
  chargePoints?: SimChargePointConfig[];
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
  const chargePoints: SimChargePoint[] = [];
  for (const config of opts.chargePoints ?? []) {
    const gateway = gateways.find((g) => g.thingName === config.thingName);
    if (!gateway) continue;
    const ofPlant = () => chargePoints.filter((cp) => cp.thingName === config.thingName);
    chargePoints.push(new SimChargePoint(config, gateway.plantRun, ofPlant, { intervalMs: opts.intervalMs, clock, log }));
    gateway.plantRun.state = {
      ...gateway.plantRun.state,
      externalEv: { powerW: 0, connected: false, currentA: 0, phases: 3, sessionKwh: 0, car: null },
    };
  }
  const stopAll = async () => {
    await Promise.all(chargePoints.map((cp) => cp.stop()));
    await Promise.all(gateways.map((g) => g.stop()));
  };
  const started = await Promise.allSettled(gateways.map((g) => g.start()));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  for (const cp of chargePoints) cp.start();
  log.info(`device simulator: ${gateways.length} gateway(s) reporting every ${opts.intervalMs} ms to ${opts.mqttUrl}`);
  if (chargePoints.length > 0)
    log.info(`device simulator: ${chargePoints.length} OCPP charge point(s) connecting to ${opts.chargePoints?.[0]?.endpoint}`);
  return { stop: stopAll };
}

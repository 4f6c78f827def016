// startDevices: the embedded broker (unless MQTT_URL names one), the shadow store, the MQTT link, the
// live hub, and — when SIMULATOR is on — one simulated gateway per plant, as real MQTT clients.
import { resumeFromReported, startSimulator, type RunningSimulator, type SimPlantConfig } from './simulation/demo-simulator';
import type { Kysely } from 'kysely';
import { hostname } from 'node:os';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { setUpBroker } from './mqtt/broker-setup';
import { setNewGatewayPassword } from './mqtt/gateway-credentials';
import type { GatewayConnection, GatewayConnectionsView } from './mqtt/gateway-status';
import { KnownThings } from './mqtt/known-things';
import { LiveHub } from './live/live-hub';
import type { ClusterBus } from '../cluster/bus';
import { processBus } from '../cluster/start-bus';
import { relayShadowChanges } from '../cluster/live-relay';
import type { DeviceLog } from './log';
import { MqttLink, type BrokerConnection, type MqttLinkStats } from './mqtt/mqtt-link';
import { hasDelta } from './shadows/shadow-doc';
import { ShadowStore } from './shadows/shadow-store';
import { simulatorKeystorePath, simulatorPasswords } from './simulation/simulator-keystore';
import { backfillHistory } from './simulation/sim-history';
import { demoChargePoints } from './simulation/demo-chargers';
import type { PlantRow } from '../plants/access';
import type { AlertEventSink } from '../notifications/alert-engine';
import { ensureDeviceChargers } from '../ocpp/chargers';
import { SOLAR_TIMING } from '../ocpp/solar-profile';
import { CentralSystem } from '../ocpp/central-system';
import type { FloodLimits } from './mqtt/flood-guard';

export interface DeviceServices {
  shadows: ShadowStore;
  live: LiveHub;
  /** The broker the server and the simulator use (embedded or MQTT_URL). */
  mqttUrl: string;
  /** Counters of the MQTT link: reports received, applied, dropped by reason. */
  linkStats(): MqttLinkStats;
  /** Messages of one gateway the server dropped since it started (malformed, oversized, failed to store). */
  gatewayDropped(thingName: string): number;
  /** The server's own connection to the broker and whether that broker is the embedded one. */
  brokerState(): BrokerConnection & { embedded: boolean };
  /** What the broker last said about a gateway's connection (undefined: nothing yet). */
  gatewayConnection(thingName: string): GatewayConnection | undefined;
  /** The broker's word on every gateway, for the registry and the fleet lists. */
  gateways: GatewayConnectionsView;
  /** The OCPP 1.6J central system: chargers' sockets held here and the calls sent to chargers. */
  ocpp: CentralSystem;
  /** The cluster bus these services announce and hear on (the one they were started with). */
  bus: ClusterBus;
  /**
   * Gives a plant's gateway a new password and answers it (the only time it is in clear): the old one
   * stops working at once on the embedded broker, and the Mosquitto files are rewritten. `change` (a
   * new plant, the audit entry) commits with the password; the broker is told after the commit.
   */
  rotateGatewayPassword(
    plant: { id: string; thing_name: string },
    change?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<{ username: string; password: string }>;
  close(): Promise<void>;
}

export interface StartDevicesOptions {
  db: Kysely<Database>;
  config: Config;
  log: DeviceLog;
  /** This replica's cluster bus (main.ts: the one it started); default one that reaches this process only. */
  bus?: ClusterBus;
  /** MQTT client id of this server; default MQTT_CLIENT_ID, else one per host and port so a restart resumes its session. */
  clientId?: string;
  /** How long a shadow read answers from memory while the bus vouches for it (default SHADOW_TRUST_MS; tests). */
  shadowTrustMs?: number;
  /** Told of every alert a charger's fault opens or clears (webhooks), as the alert engine's listener is. */
  onAlert?: AlertEventSink;
  /** How long a charger has to answer a call, ms (default 30 s; tests). */
  ocppCallTimeoutMs?: number;
  /** A charger's call rate before it is refused (default CHARGER_FLOOD_LIMITS; tests). */
  ocppFlood?: FloodLimits;
  /** How often the charging controller runs, ms (default 10 s; 0: never, tests tick it). */
  ocppControlTickMs?: number;
}

export async function startDevices(opts: StartDevicesOptions): Promise<DeviceServices> {
  const { db, config, log } = opts;
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closeOne of closers.splice(0).reverse()) {
      await closeOne().catch((error: unknown) => log.error(`devices: shutdown step failed: ${String(error)}`));
    }
  };

  try {
    const broker = await setUpBroker(db, config, log);
    closers.push(() => broker.close());
    const mqttUrl = broker.url;

    const bus = opts.bus ?? processBus(db);
    // Reads answer from memory while the bus vouches that no replica stored the shadow since it was read.
    const shadows = new ShadowStore(db, {
      onListenerError: (error) => log.error(`devices: shadow change listener failed: ${String(error)}`),
      bus,
      trustMs: opts.shadowTrustMs,
      rollups: config.rollupJournalMs > 0 ? 'journal' : 'direct',
      reportLingerMs: config.reportBatchMs,
    });
    const live = new LiveHub();
    // This replica's streams hear every change, wherever it was stored (cluster/live-relay.ts).
    const relay = relayShadowChanges({ bus, shadows, live, log });
    closers.push(() => relay.close());

    const knownThings = new KnownThings(db);
    const link = await MqttLink.connect({
      url: mqttUrl,
      store: shadows,
      isKnownThing: (thingName) => knownThings.has(thingName),
      log,
      clientId: opts.clientId ?? config.mqttClientId ?? `helio-server-${hostname()}-${config.port}`,
      username: broker.serverLogin?.username,
      password: broker.serverLogin?.password,
      // An external broker hands each report to one replica; the embedded one has one subscriber anyway.
      shareGroup: config.mqttUrl ? config.mqttShareGroup : undefined,
    });
    closers.push(async () => {
      await link.close();
      await shadows.idle();
    });
    await republishPendingDeltas(db, shadows, link);

    // Charger devices no charger describes yet (the demo seed's, one added before this code) get theirs.
    await ensureDeviceChargers(db);
    const ocpp = new CentralSystem({
      db,
      shadows,
      bus,
      log,
      alerts: { consoleUrl: config.consoleUrl, onAlert: opts.onAlert },
      callTimeoutMs: opts.ocppCallTimeoutMs,
      flood: opts.ocppFlood,
      controlTickMs: opts.ocppControlTickMs ?? config.ocppTickMs,
      solarTiming: { ...SOLAR_TIMING, startHoldMs: config.ocppPvStartHoldMs },
      spot: config.spot,
    });
    closers.push(() => ocpp.close());

    if (config.simulator) {
      const simulator = await startPlantSimulator(db, shadows, mqttUrl, config, log, () => broker.credentialsChanged());
      if (simulator) closers.push(() => simulator.stop()); // closers run in reverse: gateways stop first
    }

    const rotateGatewayPassword: DeviceServices['rotateGatewayPassword'] = async (plant, change) => {
      const login = await setNewGatewayPassword(db, plant, change);
      await broker.credentialsChanged(login.username);
      return login;
    };
    return {
      shadows,
      live,
      mqttUrl,
      linkStats: () => link.stats(),
      gatewayDropped: (thingName) => link.droppedOf(thingName),
      gatewayConnection: (thingName) => link.connection(thingName),
      gateways: { connectionOf: (thingName) => link.connection(thingName), disconnected: () => link.disconnectedGateways() },
      brokerState: () => ({ ...link.brokerConnection(), embedded: !opts.config.mqttUrl }),
      ocpp,
      bus,
      rotateGatewayPassword,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Retained deltas live in the broker; an embedded broker forgets them on restart, so send them again. */
async function republishPendingDeltas(db: Kysely<Database>, shadows: ShadowStore, link: MqttLink): Promise<void> {
  const rows = await db.selectFrom('shadows').select('thing_name').where('desired', '!=', '{}').execute();
  for (const { thing_name: thingName } of rows) {
    const doc = await shadows.get(thingName);
    if (doc && hasDelta(doc)) await link.publishDelta(thingName, doc);
  }
}

async function startPlantSimulator(
  db: Kysely<Database>,
  shadows: ShadowStore,
  mqttUrl: string,
  config: Config,
  log: DeviceLog,
  credentialsChanged: () => Promise<void>,
): Promise<RunningSimulator | undefined> {
  let query = db
    .selectFrom('plants')
    .select(['id', 'thing_name', 'latitude', 'longitude', 'timezone', 'pv_peak_kw', 'battery_kwh', 'charger_kw'])
    // only plants marked simulated (the demo plants): a real plant's gateway keeps its password and history
    .where('simulated', '=', 1)
    .orderBy('created_at')
    .orderBy('thing_name');
  if (config.simPlants > 0) query = query.limit(config.simPlants);
  const plants = await query.execute();
  if (plants.length === 0) {
    log.info('devices: no plants to simulate');
    return undefined;
  }
  const history =
    config.simHistoryDays > 0
      ? await backfillHistory({ db, shadows, plants: plants.map((plant) => simPlantConfig(plant)), days: config.simHistoryDays, log })
      : undefined;
  const configs: SimPlantConfig[] = [];
  for (const plant of plants) {
    // Continue the counters and state of charge where the history or the last run left them.
    const reported = history?.lastReported.get(plant.thing_name) ?? (await shadows.get(plant.thing_name))?.state.reported;
    configs.push(simPlantConfig(plant, reported ? resumeFromReported(reported) : undefined));
  }
  const { passwords, provisioned } = await simulatorPasswords(db, simulatorKeystorePath(config.dataDir), plants);
  if (provisioned > 0) await credentialsChanged();
  // The demo chargers speak OCPP to this server's own endpoint (they connect once it listens).
  const chargePoints = await demoChargePoints(db, config, plants);
  return startSimulator({
    chargePoints,
    mqttUrl,
    plants: configs,
    intervalMs: config.simIntervalMs,
    timeFactor: config.simTimeFactor,
    log,
    passwords,
    applyDelayMs: config.simApplyDelayMs,
  });
}

type SimulatedPlantRow = Pick<PlantRow, 'thing_name' | 'latitude' | 'longitude' | 'timezone' | 'pv_peak_kw' | 'battery_kwh' | 'charger_kw'>;

/** A plant row as the simulator sees it. */
export function simPlantConfig(plant: SimulatedPlantRow, resume?: SimPlantConfig['resume']): SimPlantConfig {
  return {
    thingName: plant.thing_name,
    latitude: plant.latitude,
    longitude: plant.longitude,
    timezone: plant.timezone,
    pvPeakKw: plant.pv_peak_kw,
    batteryKwh: plant.battery_kwh,
    chargerKw: plant.charger_kw,
    resume,
  };
}

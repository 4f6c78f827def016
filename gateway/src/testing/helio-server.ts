// The real Helio server for the gateway's tests, in process: its app over a fresh SQLite database, its
// device services (the embedded broker, or an external one), and the API calls the console makes:
// create a plant (its gateway login shown once), read the shadow and the series, set a control on /rc.
import { MODULE_KEYS, WRITABLE_KEY_NAMES, type Shadow, type TimeSeriesRow } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../../server/src/config';
import type { Database } from '../../../server/src/db/schema';
import { startDevices, type DeviceServices } from '../../../server/src/iot/services';
import { insertTenant, recordingLog, userWithToken } from '../../../server/src/iot/test-fixtures';
import { buildApp } from '../../../server/src/http/app';
import { databaseTargets, type TestDatabase } from '../../../server/src/testing/databases';
import { apiPost, testConfig } from '../../../server/src/testing/test-app';

export interface CreatedPlant {
  id: string;
  thingName: string;
  tenantId: string;
  /** The gateway's login as plant/create shows it, once. */
  login: { username: string; password: string };
}

export interface HelioServer {
  db: Kysely<Database>;
  devices: DeviceServices;
  mqttUrl: string;
  config: Config;
  call(path: string, body: object): Promise<{ statusCode: number; json<T>(): T; body: string }>;
  createPlant(name: string): Promise<CreatedPlant>;
  shadow(thingName: string): Promise<Shadow>;
  series(plant: CreatedPlant, metricKeys: string[], fromMs: number, toMs: number): Promise<TimeSeriesRow[]>;
  /** Sets a control as /rc does (rc/set at the version seen, with the settings seen); answers the command id. */
  setControl(plant: CreatedPlant, key: string, value: unknown): Promise<string>;
  close(): Promise<void>;
}

export interface HelioServerOptions {
  /** Config overrides: an external broker (mqttUrl, mqttUsername, mqttPassword), a data folder. */
  config?: Partial<Config>;
  /** Runs on the fresh database before the server connects to its broker (to start an external one). */
  beforeStart?(db: Kysely<Database>, config: Config): Promise<void>;
}

const pick = (section: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(section ?? {}).filter(([key]) => (WRITABLE_KEY_NAMES as readonly string[]).includes(key)));

export async function startHelioServer(options: HelioServerOptions = {}): Promise<HelioServer> {
  const target = databaseTargets().find((t) => t.name === 'sqlite') as TestDatabase;
  const db = await target.create();
  const tenantId = await insertTenant(db);
  const user = await userWithToken(db, tenantId, 'admin');
  // An admin with every module, as the console's owner would be (remote control included).
  await db
    .updateTable('users')
    .set({ modules: JSON.stringify(MODULE_KEYS) })
    .where('id', '=', user.id)
    .execute();
  const admin = user.idToken;
  const config = testConfig({ mqttPort: 0, simulator: false, ...options.config });
  await options.beforeStart?.(db, config);
  const devices = await startDevices({ db, config, log: recordingLog(), clientId: `gateway-tests-${process.pid}-${Date.now()}` });
  let app: FastifyInstance;
  try {
    app = await buildApp({ db, config, devices });
  } catch (error) {
    await devices.close();
    throw error;
  }
  const call = async (path: string, body: object) => {
    const response = await apiPost(app, path, body, admin);
    return { statusCode: response.statusCode, json: <T>() => response.json<T>(), body: response.body };
  };
  const ok = async <T>(path: string, body: object): Promise<T> => {
    const response = await call(path, body);
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
    return response.json<T>();
  };
  const shadow = (thingName: string) => ok<Shadow>('iot/thing/shadow', { thingName });
  return {
    db,
    devices,
    mqttUrl: devices.mqttUrl,
    config,
    call,
    shadow,
    async createPlant(name) {
      const created = await ok<{ plant: { id: string; thingName: string }; gatewayLogin: { username: string; password: string } }>(
        'plant/create',
        { name, location: 'Brno', latitude: 49.2, longitude: 16.6, timezone: 'Europe/Prague', pvPeakKw: 10, batteryKwh: 10 },
      );
      return { id: created.plant.id, thingName: created.plant.thingName, tenantId, login: created.gatewayLogin };
    },
    async series(plant, metricKeys, fromMs, toMs) {
      const pgParams = {
        tenantId: plant.tenantId,
        gatewayId: plant.thingName,
        plantId: plant.id,
        metricKeys,
        startTime: new Date(fromMs).toISOString(),
        endTime: new Date(toMs).toISOString(),
        granularity: '1m',
      };
      return (await ok<{ rows: TimeSeriesRow[] }>('metric/time-series', { pgParams })).rows;
    },
    async setControl(plant, key, value) {
      // The gateway reports every cycle and each report moves the version on: /rc sends what it saw,
      // and the server answers 409 only when one of those settings changed meanwhile. Tried three times.
      for (let attempt = 0; ; attempt++) {
        const doc = await shadow(plant.thingName);
        const seen = { desired: pick(doc.state.desired), reported: pick(doc.state.reported) };
        const response = await call('rc/set', { plantId: plant.id, key, value, expectedVersion: doc.version, seen });
        if (response.statusCode === 200) return response.json<{ command: { id: string } }>().command.id;
        if (response.statusCode !== 409 || attempt >= 2) throw new Error(`rc/set answered ${response.statusCode}: ${response.body}`);
      }
    },
    async close() {
      await app.close();
      await devices.close();
      await target.destroy();
    },
  };
}

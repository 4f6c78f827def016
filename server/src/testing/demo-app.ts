// The whole app over the demo data, device routes included, as the generated route tests walk it
// (route-security, route-security-keys, route-fuzz): no simulator, a broker on a free port.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { startDevices, type DeviceServices } from '../iot';
import { buildApp } from '../http/app';
import { TEST_IDENTITY } from '../iam/test-fixtures';
import { testConfig } from './test-app';

const silent = { info() {}, warn() {}, error() {} };

export interface DemoApp {
  app: FastifyInstance;
  devices: DeviceServices;
  close(): Promise<void>;
}

/** Seeds the demo data into `db` and starts the app on it, ready; `name` tells its broker client apart. */
export async function startDemoApp(db: Kysely<Database>, name: string): Promise<DemoApp> {
  await seedDemoData(db);
  const config = testConfig({ mqttPort: 0, simulator: false });
  const devices = await startDevices({ db, config, log: silent, clientId: `${name}-${randomUUID().slice(0, 8)}` });
  const app = await buildApp({ db, config, devices, identity: TEST_IDENTITY });
  await app.ready();
  return {
    app,
    devices,
    close: async () => {
      await app.close();
      await devices.close();
    },
  };
}

// device: a plant's devices (device/*).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { serverModule, tables } from '../server-module';
import type { PlantDeviceTables } from './tables';
import { plantDevicesMigration } from './migrations/014-devices';
import { plantDeviceHandlers } from './routes';

export const deviceModule = serverModule({
  name: 'device',
  tables: tables<PlantDeviceTables>(),
  migrations: {
    '014_devices': plantDevicesMigration,
  },
  handlers: ({ db }: { db: Kysely<Database> }) => plantDeviceHandlers({ db }),
});

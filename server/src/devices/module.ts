// devices: a plant's shadow, the device registry (hono/*), the broker's and gateways' state and a
// gateway's new password. Only when the device services run.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { apiModule } from '../http/api-module';
import type { DeviceServices } from './services';
import { deviceHandlers } from './shadows/routes';

export const devicesModule = apiModule('devices', ({ db, devices }: { db: Kysely<Database>; devices?: DeviceServices }) =>
  devices ? deviceHandlers({ db, devices }) : undefined,
);

// plants: the plant list and the active plant, a plant's settings, who has access to it, and the fleet
// view (plant/*). The fleet needs the device services (the gateways' connection state).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../devices/services';
import { apiModule } from '../http/api-module';
import type { IamDeps } from '../iam/invite';
import { plantAccessHandlers } from './access-routes';
import { fleetHandlers } from './fleet-routes';
import { plantHandlers } from './routes';
import { plantSettingsHandlers } from './settings-routes';

export const plantsModule = apiModule('plants', (deps: IamDeps & { db: Kysely<Database>; devices?: DeviceServices }) => ({
  ...plantHandlers(deps),
  ...plantSettingsHandlers(deps),
  ...plantAccessHandlers(deps),
  ...(deps.devices ? fleetHandlers({ db: deps.db, devices: deps.devices }) : {}),
}));

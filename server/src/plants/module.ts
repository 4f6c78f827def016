// plants: the plant list and the active plant, a plant's settings, who has access to it, and the fleet
// view (plant/*). The fleet needs the device services (the gateways' connection state).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot/services';
import { serverModule } from '../server-module';
import { plantSettingsMigration } from './migrations/011-plant-settings';
import { plantAccessMigration } from './migrations/012-plant-access';
import { plantListingMigration } from './migrations/057-plant-listing';
import { plantNameIndexMigration } from './migrations/061-plant-name-index';
import { retireMinSocMigration } from './migrations/078-retire-min-soc';
import type { IamDeps } from '../iam/invite';
import type { PlantLookup } from './access';
import { plantAccessHandlers } from './access-routes';
import { fleetHandlers } from './fleet-routes';
import { plantHandlers } from './routes';
import { plantSettingsHandlers } from './settings-routes';

export const plantsModule = serverModule({
  name: 'plants',
  migrations: {
    '011_plant_settings': plantSettingsMigration,
    '012_plant_access': plantAccessMigration,
    '057_plant_listing': plantListingMigration,
    '061_plant_name_index': plantNameIndexMigration,
    '078_retire_min_soc': retireMinSocMigration,
  },
  handlers: (deps: IamDeps & { db: Kysely<Database>; devices?: DeviceServices; plants: PlantLookup }) => ({
    ...plantHandlers(deps),
    ...plantSettingsHandlers(deps),
    ...plantAccessHandlers(deps),
    ...(deps.devices ? fleetHandlers({ db: deps.db, devices: deps.devices }) : {}),
  }),
});

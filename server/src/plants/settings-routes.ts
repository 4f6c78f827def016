// plant/detail, plant/update and plant/create (settings-store.ts holds the rules). Schema errors of
// plant/update and plant/create are answered by field, in the same shape as the range checks', so
// these routes attach them instead of answering them.
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot/services';
import type { PlantLookup } from './access';
import { createPlant, plantDetailOf, updatePlantSettings } from './settings-store';

export function plantSettingsHandlers(deps: { db: Kysely<Database>; devices?: DeviceServices; plants: PlantLookup }): ApiHandlers {
  const { db } = deps;

  return {
    'plant/detail': async (request) => plantDetailOf(db, request, request.body.id),
    'plant/update': {
      attachValidation: true,
      handler: async (request) => updatePlantSettings(deps, request, request.body, request.validationError?.validation),
    },
    'plant/create': {
      attachValidation: true,
      handler: async (request, reply) => {
        const created = await createPlant(deps, request, request.body, request.validationError?.validation);
        // The password is shown this once; nothing on the way may keep it.
        void reply.header('cache-control', 'no-store');
        return created;
      },
    },
  };
}

// rc/fleet/plants and rc/fleet/apply: an export limit or an operating mode for every plant with a tag
// (fleet.ts). The console sends the plants in chunks (its progress bar) and shows each plant's outcome.
import type { ApiHandlers } from '../http/api-module';
import { hasPlantRole } from '../plants/access';
import { applyFleetCommand, taggedPlants } from './fleet';
import type { RcDeps } from './routes';

export function rcFleetHandlers({ db, devices }: RcDeps): ApiHandlers {
  return {
    'rc/fleet/plants': async (request) => ({
      plants: (await taggedPlants(db, request, request.body.tagId)).plants.map((plant) => ({
        id: plant.id,
        name: plant.name,
        allowed: hasPlantRole(plant.access_role, 'operator'),
      })),
    }),
    'rc/fleet/apply': async (request) => applyFleetCommand(db, devices, request, request.body),
  };
}

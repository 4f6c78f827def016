// rc/fleet/plants and rc/fleet/apply: an export limit or an operating mode for every plant with a tag
// (fleet.ts). The console sends the plants in chunks (its progress bar) and shows each plant's outcome.
import type { FastifyInstance } from 'fastify';
import { rcEndpoints, type RcEndpoints } from '@helio/contracts';
import { requireUser } from '../http/auth';
import { contractSchema } from '../http/contract-schema';
import { access } from '../iam/route-access';
import { hasPlantRole } from '../plants/access';
import { applyFleetCommand, taggedPlants } from './fleet';
import type { RcDeps } from './routes';

const tagResource = { module: 'rc' as const, tenantResources: [{ field: 'tagId', kind: 'tag' as const }] };

export async function registerRcFleetRoutes(app: FastifyInstance, { db, devices }: RcDeps): Promise<void> {
  app.post<{ Body: RcEndpoints['rc/fleet/plants']['request'] }>(
    '/api/rc/fleet/plants',
    { config: access('devices:read', tagResource), preHandler: requireUser, schema: contractSchema(rcEndpoints['rc/fleet/plants']) },
    async (request) => ({
      plants: (await taggedPlants(db, request, request.body.tagId)).plants.map((plant) => ({
        id: plant.id,
        name: plant.name,
        allowed: hasPlantRole(plant.access_role, 'operator'),
      })),
    }),
  );

  app.post<{ Body: RcEndpoints['rc/fleet/apply']['request'] }>(
    '/api/rc/fleet/apply',
    { config: access('devices:control', tagResource), preHandler: requireUser, schema: contractSchema(rcEndpoints['rc/fleet/apply']) },
    async (request) => applyFleetCommand(db, devices, request, request.body),
  );
}

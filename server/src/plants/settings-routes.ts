// plant/detail, plant/update and plant/create (settings-store.ts holds the rules). Schema errors of
// plant/update and plant/create are answered by field, in the same shape as the range checks', so
// these routes attach them instead of answering them.
import { plantEndpoints, type PlantEndpoints } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../devices/services';
import { requireUser } from '../http/auth';
import { contractSchema } from '../http/contract-schema';
import { access } from '../iam/route-access';
import { createPlant, plantDetailOf, updatePlantSettings } from './settings-store';

const plantResource = { tenantResources: [{ field: 'id', kind: 'plant' as const }] };

export async function registerPlantSettingsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; devices?: DeviceServices },
): Promise<void> {
  const { db } = deps;

  app.post<{ Body: PlantEndpoints['plant/detail']['request'] }>(
    '/api/plant/detail',
    {
      config: access('plants:read', plantResource),
      preHandler: requireUser,
      schema: contractSchema(plantEndpoints['plant/detail']),
    },
    async (request) => plantDetailOf(db, request, request.body.id),
  );

  app.post<{ Body: PlantEndpoints['plant/update']['request'] }>(
    '/api/plant/update',
    {
      config: access('plants:write', plantResource),
      preHandler: requireUser,
      attachValidation: true,
      schema: contractSchema(plantEndpoints['plant/update']),
    },
    async (request) => updatePlantSettings(db, request, request.body, request.validationError?.validation),
  );

  app.post<{ Body: PlantEndpoints['plant/create']['request'] }>(
    '/api/plant/create',
    {
      config: access('plants:write'),
      preHandler: requireUser,
      attachValidation: true,
      schema: contractSchema(plantEndpoints['plant/create']),
    },
    async (request, reply) => {
      const created = await createPlant(deps, request, request.body, request.validationError?.validation);
      // The password is shown this once; nothing on the way may keep it.
      void reply.header('cache-control', 'no-store');
      return created;
    },
  );
}

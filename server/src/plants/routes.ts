// plant/list: the plants of an organisation (tenant), for the caller's own organisation only; and
// plant/active: the plant the console shows, from the id kept in the browser.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { requireUser } from '../http/auth';
import { plantEndpoints, type Plant, type PlantEndpoints } from '@helio/contracts';
import { sendBuiltAnswer } from '../http/built-answer';
import { contractSchema } from '../http/contract-schema';
import { notFound } from '../http/errors';
import { access } from '../iam/route-access';
import { activePlant, listPlants } from './plant-list';

export type { Plant };

export async function registerPlantRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  const organisation = { tenantResources: [{ field: 'id', kind: 'tenant' }] } as const;

  app.post<{ Body: PlantEndpoints['plant/list']['request'] }>(
    '/api/plant/list',
    {
      config: access('plants:read', organisation),
      preHandler: requireUser,
      schema: contractSchema(plantEndpoints['plant/list']),
    },
    async (request, reply) => {
      if (request.body.id !== request.user.tenantId) throw notFound('Organisation not found');
      return sendBuiltAnswer<Plant[]>(reply, await listPlants(db, request.user, request.body));
    },
  );

  app.post<{ Body: PlantEndpoints['plant/active']['request']; Reply: PlantEndpoints['plant/active']['response'] }>(
    '/api/plant/active',
    {
      config: access('plants:read', organisation),
      preHandler: requireUser,
      schema: contractSchema(plantEndpoints['plant/active']),
    },
    async (request) => {
      if (request.body.id !== request.user.tenantId) throw notFound('Organisation not found');
      return { plant: await activePlant(db, request.user, request.body.plantId ?? null) };
    },
  );
}

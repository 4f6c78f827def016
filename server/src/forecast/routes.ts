// POST /api/forecast/get {plantId} and /api/forecast/accuracy {plantId, days?}: the fep module's
// reads. The plant is looked up for the caller (another tenant's, or one they may not see: 404).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { FORECAST_ACCURACY_MAX_DAYS, forecastEndpoints, type ForecastEndpoints } from '@helio/contracts';
import type { Database } from '../db/schema';
import { requireUser } from '../http/auth';
import { contractSchema } from '../http/contract-schema';
import { notFound } from '../http/errors';
import { access } from '../iam/route-access';
import { findTenantPlant } from '../plants/access';
import type { SpotConfig } from '../spot/spot-config';
import { accuracyView } from './accuracy-view';
import { forecastView } from './view';

const plantRoute = access('metrics:read', { module: 'fep', tenantResources: [{ field: 'plantId', kind: 'plant' }] });

export async function registerForecastRoutes(app: FastifyInstance, deps: { db: Kysely<Database>; spot: SpotConfig }): Promise<void> {
  const { db, spot } = deps;
  const plantOf = async (request: FastifyRequest<{ Body: { plantId: string } }>) => {
    const plant = await findTenantPlant(db, request.user, request.body.plantId);
    if (!plant) throw notFound('Plant not found');
    return plant;
  };

  app.post<{ Body: ForecastEndpoints['forecast/get']['request'] }>(
    '/api/forecast/get',
    { config: plantRoute, preHandler: requireUser, schema: contractSchema(forecastEndpoints['forecast/get']) },
    async (request) => forecastView(db, spot, await plantOf(request)),
  );

  app.post<{ Body: ForecastEndpoints['forecast/accuracy']['request'] }>(
    '/api/forecast/accuracy',
    { config: plantRoute, preHandler: requireUser, schema: contractSchema(forecastEndpoints['forecast/accuracy']) },
    async (request) => accuracyView(db, await plantOf(request), request.body.days ?? FORECAST_ACCURACY_MAX_DAYS),
  );
}

// POST /api/forecast/get {plantId} and /api/forecast/accuracy {plantId, days?}: the fep module's
// reads. The plant is looked up for the caller (another tenant's, or one they may not see: 404).
import type { ApiHandlers } from '../http/api-module';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { FORECAST_ACCURACY_MAX_DAYS } from '@helio/contracts';
import type { Database } from '../db/schema';
import { plantNotFound } from '../http/errors';
import { findTenantPlant } from '../plants/access';
import type { SpotConfig } from '../spot/spot-config';
import { accuracyView } from './accuracy-view';
import { forecastView } from './view';

export function forecastHandlers(deps: { db: Kysely<Database>; spot: SpotConfig }): ApiHandlers {
  const { db, spot } = deps;
  const plantOf = async (request: FastifyRequest<{ Body: { plantId: string } }>) => {
    const plant = await findTenantPlant(db, request.user, request.body.plantId);
    if (!plant) throw plantNotFound();
    return plant;
  };

  return {
    'forecast/get': async (request) => forecastView(db, spot, await plantOf(request)),
    'forecast/accuracy': async (request) => accuracyView(db, await plantOf(request), request.body.days ?? FORECAST_ACCURACY_MAX_DAYS),
  };
}

// POST /api/plant/fleet/summary {}: the fleet dashboard's figures for the caller's tenant;
// POST /api/plant/fleet/page {filter, sort, descending, page, pageSize}: one page of the plants table;
// POST /api/plant/fleet/ids {filter}: every matching plant's id ("select all matching").
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../devices/services';
import { requireUser } from '../http/auth';
import { fleetEndpoints, type FleetEndpoints, type FleetPage } from '@helio/contracts';
import { contractSchema } from '../http/contract-schema';
import { access } from '../iam/route-access';
import { fleetIds, fleetPage } from './fleet-page';
import { fleetSummary, type FleetSummary } from './fleet-summary';

export async function registerFleetRoutes(
  app: FastifyInstance,
  { db, devices }: { db: Kysely<Database>; devices: DeviceServices },
): Promise<void> {
  app.post<{ Body: FleetEndpoints['plant/fleet/summary']['request']; Reply: FleetSummary }>(
    '/api/plant/fleet/summary',
    {
      config: access('plants:read'),
      preHandler: requireUser,
      schema: contractSchema(fleetEndpoints['plant/fleet/summary']),
    },
    (request) => fleetSummary(db, request.user, devices.gateways),
  );

  app.post<{ Body: FleetEndpoints['plant/fleet/page']['request']; Reply: FleetPage }>(
    '/api/plant/fleet/page',
    {
      config: access('plants:read'),
      preHandler: requireUser,
      schema: contractSchema(fleetEndpoints['plant/fleet/page']),
    },
    (request) => fleetPage(db, request.user, devices.gateways, request.body),
  );

  app.post<{ Body: FleetEndpoints['plant/fleet/ids']['request']; Reply: FleetEndpoints['plant/fleet/ids']['response'] }>(
    '/api/plant/fleet/ids',
    {
      config: access('plants:read'),
      preHandler: requireUser,
      schema: contractSchema(fleetEndpoints['plant/fleet/ids']),
    },
    async (request) => ({ ids: await fleetIds(db, request.user, devices.gateways, request.body.filter) }),
  );
}

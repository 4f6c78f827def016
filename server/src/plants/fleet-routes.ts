// POST /api/plant/fleet/summary {}: the fleet dashboard's figures for the caller's tenant.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../devices/services';
import { requireUser } from '../http/auth';
import { fleetEndpoints, type FleetEndpoints } from '@helio/contracts';
import { contractSchema } from '../http/contract-schema';
import { access } from '../iam/route-access';
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
    (request) => fleetSummary(db, request.user, (thingName) => devices.gatewayConnection(thingName)),
  );
}

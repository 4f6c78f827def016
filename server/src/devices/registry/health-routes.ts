// POST /api/iot/gateway/health {id}: the health a plant's gateway reports with its status (its
// devices, its outbox, its export loop), for /services. From the broker's word kept in memory; a
// plant of another tenant is not found (404).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { deviceEndpoints, type DeviceEndpoints, type GatewayHealthAnswer } from '@helio/contracts';
import type { Database } from '../../db/schema';
import { requireUser } from '../../http/auth';
import { contractSchema } from '../../http/contract-schema';
import { notFound } from '../../http/errors';
import { access } from '../../iam/route-access';
import { findTenantPlant } from '../../plants/access';
import type { DeviceServices } from '../services';

export async function registerGatewayHealthRoute(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; devices: DeviceServices },
): Promise<void> {
  const { db, devices } = deps;
  app.post<{ Body: DeviceEndpoints['iot/gateway/health']['request']; Reply: GatewayHealthAnswer }>(
    '/api/iot/gateway/health',
    {
      preHandler: requireUser,
      config: access('devices:read', { tenantResources: [{ field: 'id', kind: 'plant' }] }),
      schema: contractSchema(deviceEndpoints['iot/gateway/health']),
    },
    async (request) => {
      const plant = await findTenantPlant(db, request.user, request.body.id);
      if (!plant) throw notFound('Plant not found');
      const connection = devices.gatewayConnection(plant.thing_name);
      return { connected: connection ? connection.connected : null, health: connection?.health ?? null };
    },
  );
}

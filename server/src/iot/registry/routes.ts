// Device registry: POST /api/hono/plants/find {filter, pageSize, pageOffset}, a page of the plants
// (the header x-total-count counts them all), and /api/hono/plants/get {id}; POST
// /api/plant/gateway/credentials/rotate {id}, which answers a plant gateway's new password once, and
// POST /api/iot/broker/status {}: the server's own connection to the broker.
// Plants of another tenant are not found (404).
import type { ApiHandlers } from '../../http/api-module';
import type { Kysely } from 'kysely';
import { plantTarget, recordRequestAudit } from '../../audit/request-audit';
import type { Database } from '../../db/schema';
import { gatewayUsername } from '../mqtt/gateway-credentials';
import { REGISTRY_PAGE_SIZE_DEFAULT, REGISTRY_TOTAL_HEADER, type GatewayLogin } from '@helio/contracts';
import { sendBuiltAnswer } from '../../http/built-answer';
import { plantNotFound } from '../../http/errors';
import { findTenantPlant, requirePlantRole } from '../../plants/access';
import { findRegistryPage, findRegistryPlants } from './registry';
import type { DeviceServices } from '../services';
import { gatewayHealthHandlers } from './health-routes';

export type { GatewayLogin };

export function registryHandlers(deps: { db: Kysely<Database>; devices: DeviceServices }): ApiHandlers {
  const { db, devices } = deps;
  return {
    ...gatewayHealthHandlers(deps),
    'iot/broker/status': async () => {
      const state = devices.brokerState();
      return {
        connected: state.connected,
        since: state.since === null ? null : new Date(state.since).toISOString(),
        embedded: state.embedded,
      };
    },
    'hono/plants/find': async (request, reply) => {
      const { filter = {}, pageSize = REGISTRY_PAGE_SIZE_DEFAULT, pageOffset = 0 } = request.body;
      const { plants, total } = await findRegistryPage(db, request.user, devices.gateways, filter, { size: pageSize, offset: pageOffset });
      reply.header(REGISTRY_TOTAL_HEADER, String(total));
      return sendBuiltAnswer(reply, plants);
    },
    'hono/plants/get': async (request) => {
      const [plant] = await findRegistryPlants(db, request.user, devices.gateways, { id: request.body.id });
      if (!plant) throw plantNotFound();
      return plant;
    },
    'plant/gateway/credentials/rotate': async (request, reply) => {
      const plant = await findTenantPlant(db, request.user, request.body.id);
      if (!plant) throw plantNotFound();
      requirePlantRole(plant, 'owner');
      const login = await devices.rotateGatewayPassword(plant, (trx) =>
        recordRequestAudit(trx, request, 'devices.gateway_password_rotated', plantTarget(plant), {
          username: gatewayUsername(plant.thing_name),
        }),
      );
      // The password is shown this once; nothing on the way may keep it.
      void reply.header('cache-control', 'no-store');
      return login;
    },
  };
}

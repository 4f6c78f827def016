// POST /api/iot/gateway/health {id}: the health a plant's gateway reports with its status (its
// devices, its outbox, its export loop), for /services. From the broker's word kept in memory; a
// plant of another tenant is not found (404).
import type { ApiHandlers } from '../../http/api-module';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { plantNotFound } from '../../http/errors';
import { findTenantPlant } from '../../plants/access';
import type { DeviceServices } from '../services';

export function gatewayHealthHandlers(deps: { db: Kysely<Database>; devices: DeviceServices }): ApiHandlers {
  const { db, devices } = deps;

  return {
    'iot/gateway/health': async (request) => {
      const plant = await findTenantPlant(db, request.user, request.body.id);
      if (!plant) throw plantNotFound();
      const connection = devices.gatewayConnection(plant.thing_name);
      return { connected: connection ? connection.connected : null, health: connection?.health ?? null };
    },
  };
}

// plant/list: the plants of an organisation (tenant), for the caller's own organisation only.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { requireUser } from '../http/auth';
import { plantEndpoints, type Plant, type PlantEndpoints } from '@helio/contracts';
import { contractSchema } from '../http/contract-schema';
import { notFound } from '../http/errors';
import { access } from '../iam/route-access';
import { listTenantPlants, type PlantRow } from './access';

export type { Plant };

export function toPlant(row: PlantRow): Plant {
  return {
    id: row.id,
    name: row.name,
    thingName: row.thing_name,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    timezone: row.timezone,
    pvPeakKw: row.pv_peak_kw,
    batteryKwh: row.battery_kwh,
    chargerKw: row.charger_kw,
  };
}

// Sorted here, not in SQL: SQLite and PostgreSQL collate differently; Czech names sort the Czech way.
const byName = new Intl.Collator('cs').compare;

export async function registerPlantRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  app.post<{ Body: PlantEndpoints['plant/list']['request'] }>(
    '/api/plant/list',
    {
      config: access('plants:read', { tenantResources: [{ field: 'id', kind: 'tenant' }] }),
      preHandler: requireUser,
      schema: contractSchema(plantEndpoints['plant/list']),
    },
    async (request): Promise<Plant[]> => {
      if (request.body.id !== request.user.tenantId) throw notFound('Organisation not found');
      const rows = await listTenantPlants(db, request.user);
      return rows.map(toPlant).sort((a, b) => byName(a.name, b.name));
    },
  );
}

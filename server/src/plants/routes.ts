// plant/list: the plants of an organisation (tenant), for the caller's own organisation only.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { requireUser } from '../http/auth';
import { errorResponseSchema, notFound } from '../http/errors';
import { access } from '../iam/route-access';
import { listTenantPlants, type PlantRow } from './access';

export interface Plant {
  id: string;
  name: string;
  thingName: string;
  location: string;
  latitude: number;
  longitude: number;
  timezone: string;
  pvPeakKw: number;
  batteryKwh: number | null;
  chargerKw: number | null;
}

const listBody = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export const plantSchema = {
  type: 'object',
  required: ['id', 'name', 'thingName', 'location', 'latitude', 'longitude', 'timezone', 'pvPeakKw', 'batteryKwh', 'chargerKw'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    thingName: { type: 'string' },
    location: { type: 'string' },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    timezone: { type: 'string' },
    pvPeakKw: { type: 'number' },
    batteryKwh: { type: ['number', 'null'] },
    chargerKw: { type: ['number', 'null'] },
  },
} as const;

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
  app.post<{ Body: { id: string } }>(
    '/api/plant/list',
    {
      config: access('plants:read', { tenantResources: [{ field: 'id', kind: 'tenant' }] }),
      preHandler: requireUser,
      schema: {
        body: listBody,
        response: { 200: { type: 'array', items: plantSchema }, '4xx': errorResponseSchema, '5xx': errorResponseSchema },
      },
    },
    async (request): Promise<Plant[]> => {
      if (request.body.id !== request.user.tenantId) throw notFound('Organisation not found');
      const rows = await listTenantPlants(db, request.user);
      return rows.map(toPlant).sort((a, b) => byName(a.name, b.name));
    },
  );
}

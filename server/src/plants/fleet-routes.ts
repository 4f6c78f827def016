// POST /api/plant/fleet/summary {}: the fleet dashboard's figures for the caller's tenant.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../devices/services';
import { requireUser } from '../http/auth';
import { errorResponseSchema } from '../http/errors';
import { access } from '../iam/route-access';
import { fleetSummary, type FleetSummary } from './fleet-summary';

const count = { type: 'integer' } as const;
const figure = { type: 'number' } as const;

const attentionSchema = {
  type: 'object',
  required: ['id', 'name', 'thingName', 'status', 'lastSeen', 'criticalAlerts', 'warningAlerts'],
  properties: {
    id: { type: 'string' }, name: { type: 'string' }, thingName: { type: 'string' }, status: { type: 'string', enum: ['online', 'offline'] },
    lastSeen: { type: ['string', 'null'] }, criticalAlerts: count, warningAlerts: count,
  },
} as const;

export async function registerFleetRoutes(app: FastifyInstance, { db, devices }: { db: Kysely<Database>; devices: DeviceServices }): Promise<void> {
  app.post<{ Body: Record<string, never>; Reply: FleetSummary }>(
    '/api/plant/fleet/summary',
    {
      config: access('plants:read'),
      preHandler: requireUser,
      schema: {
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            required: ['plants', 'online', 'offline', 'withOpenAlerts', 'pvPeakKw', 'batteryKwh', 'todayEnergyKwh', 'attention', 'attentionTotal'],
            properties: {
              plants: count, online: count, offline: count, withOpenAlerts: count, pvPeakKw: figure, batteryKwh: figure, todayEnergyKwh: figure,
              attention: { type: 'array', items: attentionSchema }, attentionTotal: count,
            },
          },
          '4xx': errorResponseSchema,
          '5xx': errorResponseSchema,
        },
      },
    },
    (request) => fleetSummary(db, request.user, (thingName) => devices.gatewayConnection(thingName)),
  );
}

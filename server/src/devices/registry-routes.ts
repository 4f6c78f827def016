// Device registry: POST /api/hono/plants/find {filter} and /api/hono/plants/get {id} (SPEC §7),
// POST /api/plant/gateway/credentials/rotate {id}, which answers a plant gateway's new password once,
// and POST /api/iot/broker/status {}: the server's own connection to the broker.
// Plants of another tenant are not found (404).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { plantTarget, recordRequestAudit } from '../audit/request-audit';
import type { Database } from '../db/schema';
import { requireUser } from '../http/auth';
import { errorResponseSchema, notFound } from '../http/errors';
import { access } from '../iam/route-access';
import { findTenantPlant, requirePlantRole } from '../plants/access';
import { findRegistryPlants, type RegistryFilter, type RegistryPlant } from './registry';
import type { DeviceServices } from './services';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;
const isoOrNull = { type: ['string', 'null'] } as const;

export const registryPlantSchema = {
  type: 'object',
  required: ['id', 'name', 'thingName', 'gatewayClientId', 'hasCredentials', 'status', 'lastSeen', 'connected', 'connectedSince', 'firmware', 'shadowVersion', 'tagIds', 'todayEnergyKwh'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    thingName: { type: 'string' },
    gatewayClientId: { type: 'string' },
    hasCredentials: { type: 'boolean' },
    status: { type: 'string', enum: ['online', 'offline'] },
    lastSeen: isoOrNull,
    connected: { type: ['boolean', 'null'] },
    connectedSince: isoOrNull,
    firmware: { type: ['string', 'null'] },
    shadowVersion: { type: 'integer' },
    tagIds: { type: 'array', items: { type: 'string' } },
    todayEnergyKwh: { type: ['number', 'null'] },
  },
} as const;

const filterSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: text(200),
    thingName: text(128),
    status: { type: 'string', enum: ['online', 'offline'] },
    tag: { ...text(100), description: 'A tag id (tag/list): only the plants that carry it.' },
  },
} as const;

const idBody = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: text(100) } } as const;
const errors = { '4xx': errorResponseSchema, '5xx': errorResponseSchema };

export interface GatewayLogin {
  username: string;
  password: string;
}

export async function registerRegistryRoutes(app: FastifyInstance, deps: { db: Kysely<Database>; devices: DeviceServices }): Promise<void> {
  const { db, devices } = deps;
  const connectionOf = (thingName: string) => devices.gatewayConnection(thingName);

  app.post<{ Body: Record<string, never> }>(
    '/api/iot/broker/status',
    {
      preHandler: requireUser,
      config: access('devices:read'),
      schema: {
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            required: ['connected', 'since', 'embedded'],
            properties: { connected: { type: 'boolean' }, since: isoOrNull, embedded: { type: 'boolean' } },
          },
          ...errors,
        },
      },
    },
    async () => {
      const state = devices.brokerState();
      return { connected: state.connected, since: state.since === null ? null : new Date(state.since).toISOString(), embedded: state.embedded };
    },
  );

  app.post<{ Body: { filter?: RegistryFilter }; Reply: RegistryPlant[] }>(
    '/api/hono/plants/find',
    {
      preHandler: requireUser,
      config: access('devices:read'),
      schema: {
        body: { type: 'object', additionalProperties: false, properties: { filter: filterSchema } },
        response: { 200: { type: 'array', items: registryPlantSchema }, ...errors },
      },
    },
    (request) => findRegistryPlants(db, request.user, connectionOf, request.body.filter ?? {}),
  );

  app.post<{ Body: { id: string }; Reply: RegistryPlant }>(
    '/api/hono/plants/get',
    {
      preHandler: requireUser,
      config: access('devices:read', { tenantResources: [{ field: 'id', kind: 'plant' }] }),
      schema: { body: idBody, response: { 200: registryPlantSchema, ...errors } },
    },
    async (request) => {
      const [plant] = await findRegistryPlants(db, request.user, connectionOf, { id: request.body.id });
      if (!plant) throw notFound('Plant not found');
      return plant;
    },
  );

  app.post<{ Body: { id: string }; Reply: GatewayLogin }>(
    '/api/plant/gateway/credentials/rotate',
    {
      preHandler: requireUser,
      config: access('plants:write', { tenantResources: [{ field: 'id', kind: 'plant' }] }),
      schema: {
        body: idBody,
        response: {
          200: {
            type: 'object',
            required: ['username', 'password'],
            properties: { username: { type: 'string' }, password: { type: 'string' } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const plant = await findTenantPlant(db, request.user, request.body.id);
      if (!plant) throw notFound('Plant not found');
      requirePlantRole(plant, 'owner');
      const login = await devices.rotateGatewayPassword(plant);
      await recordRequestAudit(db, request, 'devices.gateway_password_rotated', plantTarget(plant), { username: login.username });
      // The password is shown this once; nothing on the way may keep it.
      void reply.header('cache-control', 'no-store');
      return login;
    },
  );
}

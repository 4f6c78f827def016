// device/list {plantId}, device/get {id}, device/create, device/update {id, payload}, device/delete {id}:
// the devices of a plant (device-store.ts holds the rules). Reading needs plants:read, changing
// plants:write, like the plant's settings.
import { plantDeviceEndpoints, type PlantDeviceEndpoints } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { requireUser } from '../http/auth';
import { contractSchema } from '../http/contract-schema';
import { access } from '../iam/route-access';
import { createDevice, deleteDevice, getDevice, listDevices, updateDevice } from './device-store';

const plantResource = { tenantResources: [{ field: 'plantId', kind: 'plant' }] } as const;
const deviceResource = { tenantResources: [{ field: 'id', kind: 'device' }] } as const;

export async function registerPlantDeviceRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  app.post<{ Body: PlantDeviceEndpoints['device/list']['request'] }>(
    '/api/device/list',
    {
      config: access('plants:read', plantResource),
      preHandler: requireUser,
      schema: contractSchema(plantDeviceEndpoints['device/list']),
    },
    async (request) => listDevices(db, request, request.body),
  );

  app.post<{ Body: PlantDeviceEndpoints['device/get']['request'] }>(
    '/api/device/get',
    {
      config: access('plants:read', deviceResource),
      preHandler: requireUser,
      schema: contractSchema(plantDeviceEndpoints['device/get']),
    },
    async (request) => getDevice(db, request, request.body.id),
  );

  app.post<{ Body: PlantDeviceEndpoints['device/create']['request'] }>(
    '/api/device/create',
    {
      config: access('plants:write', plantResource),
      preHandler: requireUser,
      schema: contractSchema(plantDeviceEndpoints['device/create']),
    },
    async (request) => createDevice(db, request, request.body),
  );

  app.post<{ Body: PlantDeviceEndpoints['device/update']['request'] }>(
    '/api/device/update',
    {
      config: access('plants:write', deviceResource),
      preHandler: requireUser,
      schema: contractSchema(plantDeviceEndpoints['device/update']),
    },
    async (request) => updateDevice(db, request, request.body),
  );

  app.post<{ Body: PlantDeviceEndpoints['device/delete']['request'] }>(
    '/api/device/delete',
    {
      config: access('plants:write', deviceResource),
      preHandler: requireUser,
      schema: contractSchema(plantDeviceEndpoints['device/delete']),
    },
    async (request) => {
      await deleteDevice(db, request, request.body.id);
      return { ok: true };
    },
  );
}

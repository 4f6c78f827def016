// POST /api/ev/charger/add {plantId, chargePointId, name} → {chargerId, ocppUrl, password} (the
// password this once), /api/ev/charger/remove {chargerId}, /api/ev/charger/list {plantId} and
// /api/ev/charger/password/rotate {chargerId}: a plant's OCPP chargers (charger-store.ts holds the
// rules). Reading needs devices:read like the other ev reads; changing needs plants:write and the
// plant's owner role, like the plant's devices and its gateway login. /api/ev/charger/remote-start
// {chargerId, idTag, connectorId?}, /remote-stop {chargerId} and /current {chargerId, minCurrentA,
// maxCurrentA} control a charger (devices:control and the plant's operator role, like /rc);
// /api/ev/charger/commands {chargerId} is its command history (charger-control.ts).
import type { FastifyInstance } from 'fastify';
import { evEndpoints, type EvEndpoints } from '@helio/contracts';
import { requireUser } from '../http/auth';
import { contractSchema } from '../http/contract-schema';
import { access } from '../iam/route-access';
import { commandHistory, remoteStart, remoteStop, setCurrentLimits } from './charger-control';
import { addPlantCharger, listPlantChargers, removePlantCharger, rotateChargerPassword, type ChargerStoreDeps } from './charger-store';

const plantResource = { module: 'ev', tenantResources: [{ field: 'plantId', kind: 'plant' }] } as const;
const chargerResource = { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] } as const;

export async function registerOcppChargerRoutes(app: FastifyInstance, deps: ChargerStoreDeps): Promise<void> {
  app.post<{ Body: EvEndpoints['ev/charger/list']['request'] }>(
    '/api/ev/charger/list',
    { config: access('devices:read', plantResource), preHandler: requireUser, schema: contractSchema(evEndpoints['ev/charger/list']) },
    async (request) => listPlantChargers(deps, request, request.body),
  );

  app.post<{ Body: EvEndpoints['ev/charger/add']['request'] }>(
    '/api/ev/charger/add',
    { config: access('plants:write', plantResource), preHandler: requireUser, schema: contractSchema(evEndpoints['ev/charger/add']) },
    async (request, reply) => {
      const login = await addPlantCharger(deps, request, request.body);
      // The password is shown this once; nothing on the way may keep it.
      void reply.header('cache-control', 'no-store');
      return login;
    },
  );

  app.post<{ Body: EvEndpoints['ev/charger/remove']['request'] }>(
    '/api/ev/charger/remove',
    { config: access('plants:write', chargerResource), preHandler: requireUser, schema: contractSchema(evEndpoints['ev/charger/remove']) },
    async (request) => {
      await removePlantCharger(deps, request, request.body.chargerId);
      return { ok: true };
    },
  );

  app.post<{ Body: EvEndpoints['ev/charger/password/rotate']['request'] }>(
    '/api/ev/charger/password/rotate',
    {
      config: access('plants:write', chargerResource),
      preHandler: requireUser,
      schema: contractSchema(evEndpoints['ev/charger/password/rotate']),
    },
    async (request, reply) => {
      const login = await rotateChargerPassword(deps, request, request.body.chargerId);
      void reply.header('cache-control', 'no-store');
      return login;
    },
  );

  app.post<{ Body: EvEndpoints['ev/charger/remote-start']['request'] }>(
    '/api/ev/charger/remote-start',
    {
      config: access('devices:control', chargerResource),
      preHandler: requireUser,
      schema: contractSchema(evEndpoints['ev/charger/remote-start']),
    },
    async (request) => remoteStart(deps, request, request.body),
  );

  app.post<{ Body: EvEndpoints['ev/charger/remote-stop']['request'] }>(
    '/api/ev/charger/remote-stop',
    {
      config: access('devices:control', chargerResource),
      preHandler: requireUser,
      schema: contractSchema(evEndpoints['ev/charger/remote-stop']),
    },
    async (request) => remoteStop(deps, request, request.body.chargerId),
  );

  app.post<{ Body: EvEndpoints['ev/charger/commands']['request'] }>(
    '/api/ev/charger/commands',
    {
      config: access('devices:read', chargerResource),
      preHandler: requireUser,
      schema: contractSchema(evEndpoints['ev/charger/commands']),
    },
    async (request) => commandHistory(deps, request, request.body.chargerId),
  );

  app.post<{ Body: EvEndpoints['ev/charger/current']['request'] }>(
    '/api/ev/charger/current',
    {
      config: access('devices:control', chargerResource),
      preHandler: requireUser,
      schema: contractSchema(evEndpoints['ev/charger/current']),
    },
    async (request) => setCurrentLimits(deps, request, request.body),
  );
}

// Shadow API: POST /api/iot/thing/shadow {thingName} and POST /api/iot/thing/shadow/desired
// {thingName, desiredKey, desiredState}, plus the live route. Things of another tenant answer 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { requireUser } from '../http/auth';
import { badRequest, errorResponseSchema, notFound } from '../http/errors';
import { findTenantPlantByThingName } from '../plants/access';
import type { JsonValue } from './json';
import { registerLiveRoute } from './live';
import { registerRegistryRoutes } from './registry-routes';
import { emptyShadow, shadowView, type ShadowView } from './shadow-doc';
import type { DeviceServices } from './services';
import { checkDesired } from './writable-keys';
import { access } from '../iam/route-access';

/** Roles that may change a device's settings; viewers only watch. */

const thingNameSchema = { type: 'string', minLength: 1, maxLength: 128 } as const;
const stateMapSchema = { type: 'object', additionalProperties: true } as const;

export const shadowViewSchema = {
  type: 'object',
  required: ['state', 'metadata', 'version', 'timestamp', 'hasDelta'],
  properties: {
    state: {
      type: 'object',
      required: ['reported', 'desired', 'delta'],
      properties: { reported: stateMapSchema, desired: stateMapSchema, delta: stateMapSchema },
    },
    metadata: {
      type: 'object',
      required: ['reported', 'desired'],
      properties: { reported: stateMapSchema, desired: stateMapSchema },
    },
    version: { type: 'integer' },
    timestamp: { type: 'integer' },
    hasDelta: { type: 'boolean' },
  },
} as const;

const errorResponses = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

interface ShadowBody {
  thingName: string;
}
interface DesiredBody extends ShadowBody {
  desiredKey: string;
  desiredState: JsonValue;
}

export async function registerDeviceRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; devices: DeviceServices },
): Promise<void> {
  const { db, devices } = deps;

  const tenantThing = async (request: FastifyRequest, thingName: string) => {
    const plant = await findTenantPlantByThingName(db, request.user.tenantId, thingName);
    if (!plant) throw notFound(`Plant ${thingName} not found`);
    return plant;
  };

  app.post<{ Body: ShadowBody; Reply: ShadowView }>(
    '/api/iot/thing/shadow',
    {
      preHandler: requireUser,
      config: access('devices:read', { tenantResources: [{ field: 'thingName', kind: 'thing' }] }),
      schema: {
        body: {
          type: 'object',
          required: ['thingName'],
          additionalProperties: false,
          properties: { thingName: thingNameSchema },
        },
        response: { 200: shadowViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      await tenantThing(request, request.body.thingName);
      return shadowView((await devices.shadows.get(request.body.thingName)) ?? emptyShadow());
    },
  );

  app.post<{ Body: DesiredBody; Reply: ShadowView }>(
    '/api/iot/thing/shadow/desired',
    {
      preHandler: requireUser,
      // the permission hook refuses users whose role (built-in or custom) lacks devices:control
      config: access('devices:control', { tenantResources: [{ field: 'thingName', kind: 'thing' }] }),
      schema: {
        body: {
          type: 'object',
          required: ['thingName', 'desiredKey', 'desiredState'],
          additionalProperties: false,
          properties: {
            thingName: thingNameSchema,
            desiredKey: { type: 'string', minLength: 1, maxLength: 128 },
            desiredState: {
              anyOf: [{ type: 'string', maxLength: 1024 }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }],
            },
          },
        },
        response: { 200: shadowViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { thingName, desiredKey, desiredState } = request.body;
      await tenantThing(request, thingName);
      const check = checkDesired(desiredKey, desiredState);
      if (!check.ok) throw badRequest(check.message, { desiredKey });
      const change = await devices.shadows.setDesired(thingName, { [desiredKey]: desiredState });
      return shadowView(change.doc);
    },
  );

  await registerLiveRoute(app, { db, shadows: devices.shadows, live: devices.live });
  await registerRegistryRoutes(app, { db, devices });
}

// Shadow API: POST /api/iot/thing/shadow {thingName}, plus the live and registry routes. Things of
// another tenant answer 404. Desired state (POST /api/iot/thing/shadow/desired) is a device control:
// the rc module registers it (rc/desired-route.ts), on the same path as rc/set.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { requireUser } from '../../http/auth';
import { deviceEndpoints, type DeviceEndpoints } from '@helio/contracts';
import { contractSchema } from '../../http/contract-schema';
import { notFound } from '../../http/errors';
import { findTenantPlantByThingName } from '../../plants/access';
import { registerLiveRoute } from '../live/live';
import { registerRegistryRoutes } from '../registry/routes';
import { emptyShadow, shadowView, type ShadowDocument, type ShadowView } from './shadow-doc';
import { JsonPiece, sendJsonSegments } from '../../http/json-segments';
import type { DeviceServices } from '../services';
import { access } from '../../iam/route-access';

type ShadowBody = DeviceEndpoints['iot/thing/shadow']['request'];

export async function registerDeviceRoutes(app: FastifyInstance, deps: { db: Kysely<Database>; devices: DeviceServices }): Promise<void> {
  const { db, devices } = deps;
  // The answer of a stored shadow, serialized (and compressed) once: the store hands out the same
  // document object until the stored row changes.
  const answers = new WeakMap<ShadowDocument, JsonPiece>();

  const tenantThing = async (request: FastifyRequest, thingName: string) => {
    const plant = await findTenantPlantByThingName(db, request.user, thingName);
    if (!plant) throw notFound(`Plant ${thingName} not found`);
    return plant;
  };

  app.post<{ Body: ShadowBody; Reply: ShadowView }>(
    '/api/iot/thing/shadow',
    {
      preHandler: requireUser,
      config: access('devices:read', { tenantResources: [{ field: 'thingName', kind: 'thing' }] }),
      schema: contractSchema(deviceEndpoints['iot/thing/shadow']),
    },
    async (request, reply) => {
      await tenantThing(request, request.body.thingName);
      const doc = await devices.shadows.get(request.body.thingName);
      if (!doc) return shadowView(emptyShadow());
      let answer = answers.get(doc);
      if (!answer) {
        answer = new JsonPiece(reply.serialize(shadowView(doc)) as string);
        answers.set(doc, answer);
      }
      return sendJsonSegments(request, reply, [answer]);
    },
  );

  await registerLiveRoute(app, { db, shadows: devices.shadows, live: devices.live });
  await registerRegistryRoutes(app, { db, devices });
}

// Shadow API: POST /api/iot/thing/shadow {thingName}, plus the registry's endpoints (the live stream is
// registered apart: iot/live/live.ts). Things of another tenant answer 404. Desired state
// (POST /api/iot/thing/shadow/desired) is a device control: the rc module has its handler
// (rc/desired-route.ts), beside rc/set.
import type { ApiHandlers } from '../../http/api-module';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type DeviceEndpoints } from '@helio/contracts';
import { plantNotFound } from '../../http/errors';
import type { PlantLookup } from '../../plants/access';
import { registryHandlers } from '../registry/routes';
import { emptyShadow, shadowView, type ShadowDocument } from './shadow-doc';
import { JsonPiece, sendJsonSegments } from '../../http/json-segments';
import type { DeviceServices } from '../services';

type ShadowBody = DeviceEndpoints['iot/thing/shadow']['request'];

export function deviceHandlers(deps: { db: Kysely<Database>; devices: DeviceServices; plants: PlantLookup }): ApiHandlers {
  const { db, devices, plants } = deps;
  // The answer of a stored shadow, serialized (and compressed) once: the store hands out the same
  // document object until the stored row changes.
  const answers = new WeakMap<ShadowDocument, JsonPiece>();

  const tenantThing = async (request: FastifyRequest, thingName: string) => {
    const plant = await plants.findByThingName(request.user, thingName);
    if (!plant) throw plantNotFound(`Plant ${thingName} not found`);
    return plant;
  };

  return {
    ...registryHandlers({ db, devices }),
    'iot/thing/shadow': async (request, reply) => {
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
  };
}

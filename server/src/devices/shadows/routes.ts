// Shadow API: POST /api/iot/thing/shadow {thingName} and POST /api/iot/thing/shadow/desired
// {thingName, desiredKey, desiredState}, plus the live route. Things of another tenant answer 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { requireUser } from '../../http/auth';
import { deviceEndpoints, type DeviceEndpoints } from '@helio/contracts';
import { contractSchema } from '../../http/contract-schema';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { findTenantPlantByThingName, requirePlantRole } from '../../plants/access';
import type { JsonObject, JsonValue } from './json';
import { registerLiveRoute } from '../live/live';
import { registerRegistryRoutes } from '../registry/routes';
import { emptyShadow, shadowView, type ShadowDocument, type ShadowView } from './shadow-doc';
import { JsonPiece, sendJsonSegments } from '../../http/json-segments';
import type { DeviceServices } from '../services';
import { jsonBytes, nestingDepth, SHADOW_LIMITS, ShadowLimitError, VersionConflictError } from './shadow-limits';
import { checkStatePatch } from './state-patch';
import { checkDesired } from './writable-keys';
import { access } from '../../iam/route-access';

/** Roles that may change a device's settings; viewers only watch. */

type ShadowBody = DeviceEndpoints['iot/thing/shadow']['request'];
type DesiredBody = Omit<DeviceEndpoints['iot/thing/shadow/desired']['request'], 'desiredState'> & { desiredState: JsonValue };

const tooLarge = (message: string) => new ApiError(413, 'PayloadTooLarge', message, { limitBytes: SHADOW_LIMITS.maxSectionBytes });

/** The shadow document rules, in the order a client can act on them: size, depth, then content. */
function checkDesiredPatch(patch: JsonObject): void {
  const bytes = jsonBytes(patch);
  if (bytes > SHADOW_LIMITS.maxSectionBytes) {
    throw tooLarge(`The desired document is ${bytes} bytes; the limit is ${SHADOW_LIMITS.maxSectionBytes}`);
  }
  if (nestingDepth(patch) > SHADOW_LIMITS.maxDepth) {
    throw badRequest(`The desired document is nested deeper than ${SHADOW_LIMITS.maxDepth} levels`, { maxDepth: SHADOW_LIMITS.maxDepth });
  }
  const check = checkStatePatch(patch);
  if (!check.ok) throw badRequest(check.message);
}

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

  app.post<{ Body: DesiredBody; Reply: ShadowView }>(
    '/api/iot/thing/shadow/desired',
    {
      preHandler: requireUser,
      // the permission hook refuses users whose role (built-in or custom) lacks devices:control
      config: access('devices:control', { tenantResources: [{ field: 'thingName', kind: 'thing' }] }),
      schema: contractSchema(deviceEndpoints['iot/thing/shadow/desired']),
    },
    async (request) => {
      const { thingName, desiredKey, desiredState, expectedVersion } = request.body;
      requirePlantRole(await tenantThing(request, thingName), 'operator');
      const patch: JsonObject = { [desiredKey]: desiredState };
      checkDesiredPatch(patch);
      const check = checkDesired(desiredKey, desiredState);
      if (!check.ok) throw badRequest(check.message, { desiredKey });
      try {
        const change = await devices.shadows.setDesired(thingName, patch, Date.now(), { expectedVersion });
        return shadowView(change.doc);
      } catch (error) {
        if (error instanceof VersionConflictError) {
          throw conflict(error.message, { currentVersion: error.currentVersion, expectedVersion: error.expectedVersion });
        }
        if (error instanceof ShadowLimitError) throw error.limit === 'tooLarge' ? tooLarge(error.message) : badRequest(error.message);
        throw error;
      }
    },
  );

  await registerLiveRoute(app, { db, shadows: devices.shadows, live: devices.live });
  await registerRegistryRoutes(app, { db, devices });
}

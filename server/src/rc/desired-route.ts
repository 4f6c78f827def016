// POST /api/iot/thing/shadow/desired {thingName, desiredKey, desiredState, expectedVersion?}: the SPEC's
// call for a device setting (/ems's operating mode, /ev's charger settings). It is a control like
// rc/set and goes the same way (control.ts): the key's module, the operator role, the key's rule and
// value, the command history and the audit entry; null clears a key. Answers the shadow.
import type { FastifyInstance } from 'fastify';
import { deviceEndpoints, type DeviceEndpoints } from '@helio/contracts';
import { checkDesiredPatch, shadowLimitAnswer } from '../devices/shadows/desired-patch';
import type { JsonValue } from '../devices/shadows/json';
import { shadowView, type ShadowView } from '../devices/shadows/shadow-doc';
import { ShadowLimitError, VersionConflictError } from '../devices/shadows/shadow-limits';
import { requireUser } from '../http/auth';
import { contractSchema } from '../http/contract-schema';
import { conflict, notFound } from '../http/errors';
import { access } from '../iam/route-access';
import { findTenantPlantByThingName } from '../plants/access';
import { sendControl } from './control';
import type { RcDeps } from './routes';

type DesiredBody = Omit<DeviceEndpoints['iot/thing/shadow/desired']['request'], 'desiredState'> & { desiredState: JsonValue };

export async function registerDesiredRoute(app: FastifyInstance, { db, devices }: RcDeps): Promise<void> {
  app.post<{ Body: DesiredBody; Reply: ShadowView }>(
    '/api/iot/thing/shadow/desired',
    {
      preHandler: requireUser,
      // the permission hook refuses users whose role (built-in or custom) lacks devices:control; the
      // module depends on the key (control.ts)
      config: access('devices:control', { tenantResources: [{ field: 'thingName', kind: 'thing' }] }),
      schema: contractSchema(deviceEndpoints['iot/thing/shadow/desired']),
    },
    async (request) => {
      const { thingName, desiredKey, desiredState, expectedVersion } = request.body;
      const plant = await findTenantPlantByThingName(db, request.user, thingName);
      if (!plant) throw notFound(`Plant ${thingName} not found`);
      checkDesiredPatch({ [desiredKey]: desiredState });
      try {
        const { doc } = await sendControl(db, devices, request, plant, {
          key: desiredKey,
          value: desiredState,
          clearable: true,
          expectedVersion,
        });
        return shadowView(doc);
      } catch (error) {
        if (error instanceof VersionConflictError) {
          throw conflict(error.message, { currentVersion: error.currentVersion, expectedVersion: error.expectedVersion });
        }
        if (error instanceof ShadowLimitError) throw shadowLimitAnswer(error);
        throw error;
      }
    },
  );
}

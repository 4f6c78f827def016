// POST /api/iot/thing/shadow/desired {thingName, desiredKey, desiredState, expectedVersion?}: the SPEC's
// call for a device setting (/ems's operating mode, /ev's charger settings). It is a control like
// rc/set and goes the same way (control.ts): the key's module, the operator role, the key's rule and
// value, the command history and the audit entry; null clears a key. Answers the shadow.
import type { ApiHandlers } from '../http/api-module';
import { checkDesiredPatch, shadowLimitAnswer } from '../iot/shadows/desired-patch';
import type { JsonValue } from '../iot/shadows/json';
import { shadowView } from '../iot/shadows/shadow-doc';
import { ShadowLimitError, VersionConflictError } from '../iot/shadows/shadow-limits';
import { conflict, plantNotFound } from '../http/errors';
import type { PlantLookup } from '../plants/access';
import { sendControl } from './control';
import type { RcDeps } from './routes';

export function desiredHandlers({ db, devices, plants }: RcDeps & { plants: PlantLookup }): ApiHandlers {
  return {
    // the permission hook refuses users whose role (built-in or custom) lacks devices:control; the
    // module depends on the key (control.ts)
    'iot/thing/shadow/desired': async (request) => {
      const { thingName, desiredKey, expectedVersion } = request.body;
      // the contract takes any value; a parsed JSON body holds JSON values only
      const desiredState = request.body.desiredState as JsonValue;
      const plant = await plants.findByThingName(request.user, thingName);
      if (!plant) throw plantNotFound(`Plant ${thingName} not found`);
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
  };
}

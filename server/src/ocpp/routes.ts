// ev/charger/add {plantId, chargePointId, name} → {chargerId, ocppUrl, password} (the password this
// once), ev/charger/remove {chargerId}, ev/charger/list {plantId} and ev/charger/password/rotate
// {chargerId}: a plant's OCPP chargers (charger-store.ts holds the rules). ev/charger/remote-start
// {chargerId, idTag, connectorId?}, /remote-stop {chargerId}, /availability {chargerId, connectorId?,
// available}, /reset {chargerId, type} (the plant's owner only), /current {chargerId, minCurrentA,
// maxCurrentA}, /settings {chargerId, mode, phases, batteryFirstBelowPct?} and /plan/apply {chargerId, slots} control a
// charger; ev/charger/plan {chargerId, targetKwh | targetSocPct, departure} computes its departure plan
// (charger-plan.ts); ev/charger/commands {chargerId} is its command history (charger-control.ts) and
// ev/charger/sessions {chargerId} its transactions with energy and cost (charger-sessions.ts).
// ev/charger/price-limit, /vehicle and /weekly-plan are a charger's own settings (charger-control.ts);
// ev/vehicle/* the plant's vehicles (vehicle-store.ts). ev/id-tag/list, /add, /block and /remove are the plant's RFID cards and ev/charger/free-charging a
// charger's switch to take any card (id-tag-store.ts); a change of the cards sends the plant's chargers
// their new local list (local-list.ts). Access (permission, module, the plant or
// charger probed) is the contract's.
import type { FastifyRequest } from 'fastify';
import type { ApiHandlers } from '../http/api-module';
import type { SpotConfig } from '../spot/spot-config';
import { chargerPlan } from './charger-plan';
import { chargerSessions } from './charger-sessions';
import {
  applyChargerPlan,
  assignVehicle,
  changeAvailability,
  commandHistory,
  remoteStart,
  remoteStop,
  resetCharger,
  setChargerSettings,
  setCurrentLimits,
  setPriceLimit,
  setWeeklyPlan,
} from './charger-control';
import type { LocalLists } from './local-list';
import { addVehicle, listVehicles, removeVehicle, updateVehicle } from './vehicle-store';
import { addPlantIdTag, blockPlantIdTag, listPlantIdTags, removePlantIdTag, setChargerFreeCharging } from './id-tag-store';
import { addPlantCharger, listPlantChargers, removePlantCharger, rotateChargerPassword, type ChargerStoreDeps } from './charger-store';

export function ocppChargerHandlers(
  deps: ChargerStoreDeps & { spot: SpotConfig; localLists: Pick<LocalLists, 'plantChanged'> },
): ApiHandlers {
  // The cards changed (committed): the plant's chargers are sent the new list. Its failure is the
  // command history's and the log's; the change stands.
  const sendingList = async <T>(request: FastifyRequest<{ Body: { plantId: string } }>, answer: T): Promise<T> => {
    await deps.localLists.plantChanged(request.body.plantId).catch((error: unknown) => {
      request.log.error({ err: error }, 'ocpp: sending the local authorization list failed');
    });
    return answer;
  };
  return {
    'ev/charger/list': async (request) => listPlantChargers(deps, request, request.body),
    'ev/charger/add': async (request, reply) => {
      const login = await addPlantCharger(deps, request, request.body);
      // The password is shown this once; nothing on the way may keep it.
      void reply.header('cache-control', 'no-store');
      return login;
    },
    'ev/charger/remove': async (request) => {
      await removePlantCharger(deps, request, request.body.chargerId);
      return { ok: true };
    },
    'ev/charger/password/rotate': async (request, reply) => {
      const login = await rotateChargerPassword(deps, request, request.body.chargerId);
      void reply.header('cache-control', 'no-store');
      return login;
    },
    'ev/charger/remote-start': async (request) => remoteStart(deps, request, request.body),
    'ev/charger/remote-stop': async (request) => remoteStop(deps, request, request.body.chargerId),
    'ev/charger/availability': async (request) => changeAvailability(deps, request, request.body),
    'ev/charger/reset': async (request) => resetCharger(deps, request, request.body),
    'ev/charger/commands': async (request) => commandHistory(deps, request, request.body.chargerId),
    'ev/charger/current': async (request) => setCurrentLimits(deps, request, request.body),
    'ev/charger/sessions': async (request) => chargerSessions(deps.db, deps.spot, request, request.body),
    'ev/charger/settings': async (request) => setChargerSettings(deps, request, request.body),
    'ev/charger/plan': async (request) => chargerPlan(deps, request, request.body),
    'ev/charger/plan/apply': async (request) => {
      await applyChargerPlan(deps, request, request.body);
      return { ok: true };
    },
    'ev/charger/price-limit': async (request) => setPriceLimit(deps, request, request.body),
    'ev/charger/vehicle': async (request) => assignVehicle(deps, request, request.body),
    'ev/charger/weekly-plan': async (request) => setWeeklyPlan(deps, request, request.body),
    'ev/vehicle/list': async (request) => listVehicles(deps, request, request.body),
    'ev/vehicle/add': async (request) => addVehicle(deps, request, request.body),
    'ev/vehicle/update': async (request) => updateVehicle(deps, request, request.body),
    'ev/vehicle/remove': async (request) => {
      await removeVehicle(deps, request, request.body);
      return { ok: true };
    },
    'ev/charger/free-charging': async (request) => setChargerFreeCharging(deps.db, request, request.body),
    'ev/id-tag/list': async (request) => listPlantIdTags(deps.db, request, request.body),
    'ev/id-tag/add': async (request) => sendingList(request, await addPlantIdTag(deps.db, request, request.body)),
    'ev/id-tag/block': async (request) => sendingList(request, await blockPlantIdTag(deps.db, request, request.body)),
    'ev/id-tag/remove': async (request) => {
      await removePlantIdTag(deps.db, request, request.body);
      return sendingList(request, { ok: true as const });
    },
  };
}

// /api/ev/chargers {}, /api/ev/sessions {plantId, from, to} and /api/ev/plan {deviceId, targetKwh |
// targetSocPct, departure}: the ev module's reads. Charger settings are written as desired state
// (iot/thing/shadow/desired, devices:control and the operator role), not here.
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import { EV_SESSIONS_MAX_DAYS } from '@helio/contracts';
import type { Database } from '../db/schema';
import type { ShadowStore } from '../iot/shadows/shadow-store';
import { periodInvalid, plantNotFound } from '../http/errors';
import { findTenantPlant } from '../plants/access';
import type { SpotConfig } from '../spot/spot-config';
import { findVisibleCharger, fleetChargers } from './chargers';
import { chargerWatts, planView, type PlanCharger } from './plan-view';
import { ocppDb } from '../ocpp/tables';

/** The charger a device is: its id, its price limit and its vehicle (battery, charge limit, SoC entered). */
async function planChargerOf(db: Kysely<Database>, deviceId: string): Promise<PlanCharger & { chargerId: string | null }> {
  const charger = await ocppDb(db)
    .selectFrom('chargers')
    .leftJoin('ev_vehicles', (join) =>
      join.onRef('ev_vehicles.id', '=', 'chargers.vehicle_id').onRef('ev_vehicles.plant_id', '=', 'chargers.plant_id'),
    )
    .select([
      'chargers.id',
      'chargers.price_limit_czk_kwh',
      'ev_vehicles.capacity_kwh',
      'ev_vehicles.charge_limit_pct',
      'ev_vehicles.manual_soc_pct',
    ])
    .where('chargers.device_id', '=', deviceId)
    .orderBy('chargers.created_at')
    .executeTakeFirst();
  if (!charger) return { chargerId: null };
  return {
    chargerId: charger.id,
    priceLimitCzkKwh: charger.price_limit_czk_kwh,
    ...(charger.capacity_kwh === null || charger.charge_limit_pct === null
      ? {}
      : { vehicle: { capacityKwh: charger.capacity_kwh, chargeLimitPct: charger.charge_limit_pct, manualSocPct: charger.manual_soc_pct } }),
  };
}
import { sessionList } from './sessions';

const DAY_MS = 86_400_000;

function rangeOf(from: string, to: string): { from: number; to: number } {
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (!Number.isFinite(start)) throw periodInvalid('from must be an ISO 8601 time', 'from', 'notTime');
  if (!Number.isFinite(end)) throw periodInvalid('to must be an ISO 8601 time', 'to', 'notTime');
  if (end <= start) throw periodInvalid('to must be after from', 'to', 'endBeforeStart');
  if (end - start > EV_SESSIONS_MAX_DAYS * DAY_MS)
    throw periodInvalid(`The range may span at most ${EV_SESSIONS_MAX_DAYS} days`, 'to', 'tooLong', EV_SESSIONS_MAX_DAYS);
  return { from: start, to: end };
}

export function evHandlers(deps: { db: Kysely<Database>; shadows: ShadowStore; spot: SpotConfig }): ApiHandlers {
  const { db, shadows, spot } = deps;

  return {
    'ev/chargers': async (request) => fleetChargers(db, shadows, request.user),
    'ev/sessions': async (request) => {
      const plant = await findTenantPlant(db, request.user, request.body.plantId);
      if (!plant) throw plantNotFound();
      const { from, to } = rangeOf(request.body.from, request.body.to);
      return sessionList(db, spot, plant, from, to);
    },
    'ev/plan': async (request) => {
      const { device, plant } = await findVisibleCharger(db, request.user, request.body.deviceId);
      const reported = (await shadows.get(plant.thing_name))?.state.reported ?? {};
      const charger = await planChargerOf(db, device.id);
      const planned = { deviceId: device.id, chargerId: charger.chargerId, chargerW: chargerWatts(device.rated_power_kw, reported) };
      return planView(db, spot, plant, planned, reported, request.body, Date.now(), charger);
    },
  };
}

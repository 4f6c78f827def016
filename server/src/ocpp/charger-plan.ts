// ev/charger/plan {chargerId, targetKwh | targetSocPct, departure}: the departure plan of any of the
// plant's chargers, as ev/plan plans for a charger device. A gateway's charger is planned as its device
// is (its rating within the current its plant reports); an OCPP charger, which may have no device row,
// at its own current limit on its phases, from the SoC its car sends over OCPP, else its vehicle's.
import type { EvEndpoints, EvPlan } from '@helio/contracts';
import { CHARGER_KEYS } from '@helio/contracts';
import type { Kysely } from 'kysely';
import type { RequestCaller } from '../audit/request-audit';
import type { Database } from '../db/schema';
import { chargerWatts, planView, type PlanVehicle } from '../ev/plan-view';
import type { JsonObject } from '../iot/shadows/json';
import type { ShadowStore } from '../iot/shadows/shadow-store';
import type { SpotConfig } from '../spot/spot-config';
import { driverOf } from './charger-settings';
import { visibleCharger } from './charger-store';
import { chargerFullW } from './weekly-plan';
import { chargerSocPct, chargerVehicle } from './vehicle-store';

export async function chargerPlan(
  deps: { db: Kysely<Database>; spot: SpotConfig; shadows: Pick<ShadowStore, 'get'> },
  caller: RequestCaller,
  { chargerId, ...request }: EvEndpoints['ev/charger/plan']['request'],
  now = Date.now(),
): Promise<EvPlan> {
  const { charger, plant } = await visibleCharger(deps.db, caller, chargerId, 'viewer');
  const row = await chargerVehicle(deps.db, charger);
  const vehicle: PlanVehicle | undefined = row && {
    capacityKwh: row.capacity_kwh,
    chargeLimitPct: row.charge_limit_pct,
    manualSocPct: row.manual_soc_pct,
  };
  let reported: JsonObject;
  let chargerW: number;
  if (driverOf(charger) === 'gateway') {
    reported = (await deps.shadows.get(plant.thing_name))?.state.reported ?? {};
    const device = charger.device_id
      ? await deps.db.selectFrom('devices').select('rated_power_kw').where('id', '=', charger.device_id).executeTakeFirst()
      : undefined;
    chargerW = chargerWatts(device?.rated_power_kw ?? null, reported);
  } else {
    // What the plan reads of a car is a plugged-in car's SoC; over OCPP that is the charger's MeterValues.
    const soc = await chargerSocPct(deps.shadows, charger, plant.thing_name);
    reported = soc === null ? {} : { [CHARGER_KEYS.connected]: true, [CHARGER_KEYS.carSoc]: soc };
    chargerW = chargerFullW(charger);
  }
  return planView(deps.db, deps.spot, plant, { deviceId: charger.device_id, chargerId: charger.id, chargerW }, reported, request, now, {
    ...(vehicle ? { vehicle } : {}),
    priceLimitCzkKwh: charger.price_limit_czk_kwh,
  });
}

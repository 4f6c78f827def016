// A plant's OCPP chargers as the API manages them (ev/charger/add, /remove, /list, /password/rotate):
// tenant-scoped through the plant lookups (another tenant's plant or charger is not found), changes
// are the plant owner's like its gateway login, and each change is audited on the plant in the
// change's transaction. A password is answered once; only its scrypt hash is stored. Removing a
// charger or giving it a new password closes its socket on whichever replica holds it.
import {
  nextWeeklyDeparture,
  PLANT_CHARGERS_MAX,
  type WeeklyPlan,
  type ChargerLogin,
  type EvEndpoints,
  type OcppChargerView,
  type OcppConnectorStatus,
} from '@helio/contracts';
import type { Kysely } from 'kysely';
import type { JsonValue } from '../iot/shadows/json';
import type { ShadowStore } from '../iot/shadows/shadow-store';
import { plantTarget, recordRequestAudit, type RequestCaller } from '../audit/request-audit';
import type { Database } from '../db/schema';
import { priceAtCzkKwh } from '../ev/prices';
import type { SpotConfig } from '../spot/spot-config';
import { conflict, deviceNotFound, plantNotFound } from '../http/errors';
import { findTenantPlant, requirePlantRole, type AccessiblePlant, type PlantRole } from '../plants/access';
import { driverOf, liveOf, settingsOf } from './charger-settings';
import { addCharger, ChargePointIdTaken, plantChargers, removeCharger } from './chargers';
import type { ChargerCommands } from './commands';
import { setNewChargerPassword } from './credentials';
import { ocppDb, type ChargerTable } from './tables';

export interface ChargerStoreDeps {
  db: Kysely<Database>;
  /** The console's address as its users reach it; a charger's OCPP URL is made from it. */
  consoleUrl: string;
  /** Closes a charger's socket wherever it is held (CentralSystem.revoke). */
  revoke(chargerId: string, reason: 'removed' | 'password-changed'): void;
  /** Has the replica holding the charger's socket obey its changed settings now (CentralSystem.settingsChanged). */
  settingsChanged(chargerId: string): void;
  /** What the server tells chargers, recorded and settled (CentralSystem.commands). */
  commands: Pick<ChargerCommands, 'send' | 'list'>;
  /** The chargers' and plants' shadows: live values, and a gateway's charger's settings. */
  shadows: Pick<ShadowStore, 'get'>;
  /** Sets one of the plant's charger keys as `caller` (a gateway's charger's settings: rc/control.ts's sendControl). */
  plantControl(caller: RequestCaller, plant: AccessiblePlant, key: string, value: JsonValue): Promise<void>;
  /** Where prices come from: the list shows the price a charger's limit is judged by now. */
  spot?: SpotConfig;
  /** The clock the list's price and next departures are of (Date.now when not given). */
  now?: () => number;
}

/** A charger's weekly plan as stored (JSON text), or null. */
export function weeklyPlanOf(charger: Pick<ChargerTable, 'weekly_plan'>): WeeklyPlan | null {
  if (charger.weekly_plan === null) return null;
  try {
    return JSON.parse(charger.weekly_plan) as WeeklyPlan;
  } catch {
    return null;
  }
}

/** The weekly plan's next departure on the plant's wall clock, ISO; null without a plan. */
export function nextDepartureOf(charger: Pick<ChargerTable, 'weekly_plan'>, timeZone: string, now: number): string | null {
  const plan = weeklyPlanOf(charger);
  const next = plan ? nextWeeklyDeparture(plan, now, timeZone) : null;
  return next === null ? null : new Date(next).toISOString();
}

/** `ws(s)://<console>/ocpp/{chargePointId}`: the console's own port, wss behind a TLS proxy. */
export function ocppUrlOf(consoleUrl: string, chargePointId: string): string {
  const url = new URL(consoleUrl);
  const scheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${url.host}${url.pathname.replace(/\/+$/, '')}/ocpp/${encodeURIComponent(chargePointId)}`;
}

async function visiblePlant(db: Kysely<Database>, caller: RequestCaller, plantId: string, needed: PlantRole): Promise<AccessiblePlant> {
  const plant = await findTenantPlant(db, caller.user, plantId);
  if (!plant) throw plantNotFound();
  return requirePlantRole(plant, needed);
}

/** The charger and its plant, when the caller may see the plant (else 404) with at least `needed` on it (else 403). */
export async function visibleCharger(db: Kysely<Database>, caller: RequestCaller, chargerId: string, needed: PlantRole) {
  const charger = await ocppDb(db).selectFrom('chargers').selectAll().where('id', '=', chargerId).executeTakeFirst();
  const plant = charger ? await findTenantPlant(db, caller.user, charger.plant_id) : undefined;
  if (!charger || !plant) throw deviceNotFound('Charger not found');
  return { charger, plant: requirePlantRole(plant, needed) };
}

export async function listPlantChargers(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  { plantId }: EvEndpoints['ev/charger/list']['request'],
): Promise<EvEndpoints['ev/charger/list']['response']> {
  const plant = await visiblePlant(deps.db, caller, plantId, 'viewer');
  const chargers = (await plantChargers(deps.db, plant.id)).slice(0, PLANT_CHARGERS_MAX);
  const connectors =
    chargers.length === 0
      ? []
      : await ocppDb(deps.db)
          .selectFrom('charger_connectors')
          .selectAll()
          .where(
            'charger_id',
            'in',
            chargers.map((c) => c.id),
          )
          .orderBy('connector_id')
          .execute();
  const running =
    chargers.length === 0
      ? []
      : await ocppDb(deps.db)
          .selectFrom('charging_transactions')
          .select(['id', 'charger_id'])
          .where(
            'charger_id',
            'in',
            chargers.map((c) => c.id),
          )
          .where('stopped_at', 'is', null)
          .orderBy('id', 'desc')
          .execute();
  const plantShadow = await deps.shadows.get(plant.thing_name);
  const now = (deps.now ?? Date.now)();
  const priceNow =
    deps.spot && chargers.some((c) => c.price_limit_czk_kwh !== null) ? await priceAtCzkKwh(deps.db, deps.spot, plant, now) : null;
  const live = await Promise.all(
    chargers.map(async (c) => liveOf(driverOf(c) === 'gateway' ? plantShadow : await deps.shadows.get(c.thing_name), plantShadow)),
  );
  return {
    role: plant.access_role,
    chargers: chargers.map((charger, i) => ({
      ...chargerView(deps.consoleUrl, charger),
      ...settingsOf(charger, plantShadow),
      live: live[i]!,
      priceNowCzkKwh: charger.price_limit_czk_kwh === null || priceNow === null ? null : Math.round(priceNow * 1000) / 1000,
      nextDeparture: nextDepartureOf(charger, plant.timezone, now),
      transactionId: running.find((t) => t.charger_id === charger.id)?.id ?? null,
      connectors: connectors
        .filter((c) => c.charger_id === charger.id)
        .map((c) => ({
          connectorId: c.connector_id,
          status: c.status as OcppConnectorStatus,
          errorCode: c.error_code,
          info: c.info,
          statusAt: c.status_at,
        })),
    })),
  };
}

function chargerView(
  consoleUrl: string,
  c: ChargerTable,
): Omit<
  OcppChargerView,
  'connectors' | 'transactionId' | 'live' | 'mode' | 'phases' | 'minCurrentA' | 'maxCurrentA' | 'priceNowCzkKwh' | 'nextDeparture'
> {
  return {
    chargerId: c.id,
    plantId: c.plant_id,
    driver: driverOf(c),
    deviceId: c.device_id,
    hwPhases: c.hw_phases,
    chargePointId: c.charge_point_id,
    name: c.name,
    ocppUrl: ocppUrlOf(consoleUrl, c.charge_point_id),
    connection: c.connection,
    connectionAt: c.connection_at,
    hasPassword: c.password_hash !== null,
    vendor: c.vendor,
    model: c.model,
    serial: c.serial,
    firmware: c.firmware,
    bootedAt: c.booted_at,
    lastHeartbeatAt: c.last_heartbeat_at,
    hwMaxCurrentA: c.hw_max_current_a,
    freeCharging: c.free_charging === 1,
    batteryFirstBelowPct: c.battery_first_below_pct,
    priceLimitCzkKwh: c.price_limit_czk_kwh,
    vehicleId: c.vehicle_id,
    weeklyPlan: weeklyPlanOf(c),
  };
}

export async function addPlantCharger(
  deps: ChargerStoreDeps,
  caller: RequestCaller,
  { plantId, chargePointId, name }: EvEndpoints['ev/charger/add']['request'],
): Promise<ChargerLogin> {
  const plant = await visiblePlant(deps.db, caller, plantId, 'owner');
  const count = await ocppDb(deps.db)
    .selectFrom('chargers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plant_id', '=', plant.id)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= PLANT_CHARGERS_MAX)
    throw conflict(`A plant may have at most ${PLANT_CHARGERS_MAX} chargers`, { field: 'plantId' });
  try {
    const { charger, password } = await addCharger(deps.db, { plantId: plant.id, chargePointId, name: name.trim() }, (trx, added) =>
      recordRequestAudit(trx, caller, 'plants.charger_added', plantTarget(plant), {
        chargerId: added.id,
        chargePointId,
        name: added.name,
      }),
    );
    return { chargerId: charger.id, ocppUrl: ocppUrlOf(deps.consoleUrl, chargePointId), password };
  } catch (error) {
    // Charge point ids are unique across the installation (a charger names itself by it alone).
    if (error instanceof ChargePointIdTaken) throw conflict('This charge point id is already in use', { field: 'chargePointId' });
    throw error;
  }
}

export async function removePlantCharger(deps: ChargerStoreDeps, caller: RequestCaller, chargerId: string): Promise<void> {
  const { charger, plant } = await visibleCharger(deps.db, caller, chargerId, 'owner');
  await deps.db.transaction().execute(async (trx) => {
    await removeCharger(trx, charger.id);
    await recordRequestAudit(trx, caller, 'plants.charger_removed', plantTarget(plant), {
      chargerId: charger.id,
      chargePointId: charger.charge_point_id,
      name: charger.name,
    });
  });
  deps.revoke(charger.id, 'removed');
}

export async function rotateChargerPassword(deps: ChargerStoreDeps, caller: RequestCaller, chargerId: string): Promise<ChargerLogin> {
  const { charger, plant } = await visibleCharger(deps.db, caller, chargerId, 'owner');
  const password = await setNewChargerPassword(deps.db, charger.id, (trx) =>
    recordRequestAudit(trx, caller, 'plants.charger_password_rotated', plantTarget(plant), {
      chargerId: charger.id,
      chargePointId: charger.charge_point_id,
    }),
  );
  deps.revoke(charger.id, 'password-changed');
  return { chargerId: charger.id, ocppUrl: ocppUrlOf(deps.consoleUrl, charger.charge_point_id), password };
}

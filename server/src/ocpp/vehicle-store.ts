// A plant's vehicles (evcc's vehicle) as /ev manages them (ev/vehicle/list, /add, /update, /remove):
// a name unique within the plant, the battery's capacity (it turns a SoC target into energy), a charge
// limit, and a SoC entered by hand. The SoC a plan counts from is the charger's while the car on it
// sends one (OCPP MeterValues SoC, or the gateway's report), else the one entered. Operators of the
// plant change vehicles (devices:control, as the chargers' settings); removing one unassigns it from
// its chargers in the same transaction. vehicleProblems is the form's rule too.
import { randomUUID } from 'node:crypto';
import {
  PLANT_VEHICLES_MAX,
  VEHICLE_CAPACITY_MAX_KWH,
  VEHICLE_CHARGE_LIMIT_MIN_PCT,
  vehicleProblems,
  type EvEndpoints,
  type VehicleFields,
  type VehicleView,
} from '@helio/contracts';
import type { Kysely } from 'kysely';
import { plantTarget, recordRequestAudit, type RequestCaller } from '../audit/request-audit';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import type { ShadowStore } from '../iot/shadows/shadow-store';
import { conflict, evVehicleInvalid, plantNotFound, vehicleNotFound } from '../http/errors';
import { findTenantPlant, requirePlantRole, type AccessiblePlant, type PlantRole } from '../plants/access';
import { driverOf, liveOf } from './charger-settings';
import { ocppDb, type ChargerTable, type EvVehicleTable } from './tables';

type Endpoint<P extends keyof EvEndpoints> = EvEndpoints[P];

export interface VehicleStoreDeps {
  db: Kysely<Database>;
  shadows: Pick<ShadowStore, 'get'>;
  now?: () => number;
}

async function visiblePlant(db: Kysely<Database>, caller: RequestCaller, plantId: string, needed: PlantRole): Promise<AccessiblePlant> {
  const plant = await findTenantPlant(db, caller.user, plantId);
  if (!plant) throw plantNotFound();
  return requirePlantRole(plant, needed);
}

/** The SoC a charger reports for the car on it now, %; null: none (no car, or it sends none). */
export async function chargerSocPct(
  shadows: Pick<ShadowStore, 'get'>,
  charger: Pick<ChargerTable, 'password_hash' | 'thing_name'>,
  plantThing: string,
): Promise<number | null> {
  const plantShadow = await shadows.get(plantThing);
  const own = driverOf(charger) === 'gateway' ? plantShadow : await shadows.get(charger.thing_name);
  return liveOf(own, plantShadow).carSocPct;
}

/** The SoC a plan counts from: the charger's when it sends one, else the one entered by hand. */
export function vehicleSoc(vehicle: Pick<EvVehicleTable, 'manual_soc_pct'>, fromCharger: number | null) {
  if (fromCharger !== null) return { socPct: fromCharger, socSource: 'charger' as const };
  if (vehicle.manual_soc_pct !== null) return { socPct: vehicle.manual_soc_pct, socSource: 'manual' as const };
  return { socPct: null, socSource: null };
}

async function views(deps: VehicleStoreDeps, plant: AccessiblePlant, rows: EvVehicleTable[]): Promise<VehicleView[]> {
  const chargers = await ocppDb(deps.db)
    .selectFrom('chargers')
    .select(['id', 'vehicle_id', 'password_hash', 'thing_name'])
    .where('plant_id', '=', plant.id)
    .where('vehicle_id', 'is not', null)
    .orderBy('created_at')
    .execute();
  return Promise.all(
    rows.map(async (row) => {
      const on = chargers.filter((c) => c.vehicle_id === row.id);
      let fromCharger: number | null = null;
      for (const charger of on) fromCharger ??= await chargerSocPct(deps.shadows, charger, plant.thing_name);
      return {
        vehicleId: row.id,
        plantId: row.plant_id,
        name: row.name,
        capacityKwh: row.capacity_kwh,
        chargeLimitPct: row.charge_limit_pct,
        ...vehicleSoc(row, fromCharger),
        manualSocPct: row.manual_soc_pct,
        manualSocAt: row.manual_soc_at,
        chargerIds: on.map((c) => c.id),
      };
    }),
  );
}

/** The form's rule, answered with the first field it finds wrong. */
function judge(fields: VehicleFields): void {
  const problems = vehicleProblems(fields);
  const [field, reason] = Object.entries(problems)[0] ?? [];
  if (!field || !reason) return;
  throw evVehicleInvalid(`${field} is not valid (${reason})`, field, reason, {
    maxKwh: VEHICLE_CAPACITY_MAX_KWH,
    minPct: VEHICLE_CHARGE_LIMIT_MIN_PCT,
  });
}

async function nameTaken(db: Kysely<Database>, plantId: string, name: string, except?: string): Promise<boolean> {
  const rows = await ocppDb(db).selectFrom('ev_vehicles').select(['id', 'name']).where('plant_id', '=', plantId).execute();
  return rows.some((r) => r.id !== except && r.name.toLowerCase() === name.toLowerCase());
}

const taken = () => evVehicleInvalid('The plant already has a vehicle of this name', 'name', 'nameTaken');

export async function listVehicles(
  deps: VehicleStoreDeps,
  caller: RequestCaller,
  { plantId }: Endpoint<'ev/vehicle/list'>['request'],
): Promise<Endpoint<'ev/vehicle/list'>['response']> {
  const plant = await visiblePlant(deps.db, caller, plantId, 'viewer');
  const rows = await ocppDb(deps.db)
    .selectFrom('ev_vehicles')
    .selectAll()
    .where('plant_id', '=', plant.id)
    .orderBy('name')
    .limit(PLANT_VEHICLES_MAX)
    .execute();
  return { vehicles: await views(deps, plant, rows), role: plant.access_role };
}

export async function addVehicle(
  deps: VehicleStoreDeps,
  caller: RequestCaller,
  { plantId, ...fields }: Endpoint<'ev/vehicle/add'>['request'],
): Promise<VehicleView> {
  const plant = await visiblePlant(deps.db, caller, plantId, 'operator');
  judge(fields);
  const name = fields.name.trim();
  const count = await ocppDb(deps.db)
    .selectFrom('ev_vehicles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plant_id', '=', plant.id)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= PLANT_VEHICLES_MAX)
    throw conflict(`A plant may have at most ${PLANT_VEHICLES_MAX} vehicles`, { field: 'plantId' });
  if (await nameTaken(deps.db, plant.id, name)) throw taken();
  const at = new Date((deps.now ?? Date.now)()).toISOString();
  const row: EvVehicleTable = {
    id: randomUUID(),
    plant_id: plant.id,
    name,
    capacity_kwh: fields.capacityKwh,
    charge_limit_pct: fields.chargeLimitPct,
    manual_soc_pct: fields.socPct,
    manual_soc_at: fields.socPct === null ? null : at,
    created_at: at,
  };
  await inTransaction(deps.db, async (trx) => {
    await ocppDb(trx).insertInto('ev_vehicles').values(row).execute();
    await recordRequestAudit(trx, caller, 'plants.vehicle_added', plantTarget(plant), { vehicleId: row.id, name });
  });
  return (await views(deps, plant, [row]))[0]!;
}

async function plantVehicle(db: Kysely<Database>, plantId: string, vehicleId: string): Promise<EvVehicleTable> {
  const row = await ocppDb(db)
    .selectFrom('ev_vehicles')
    .selectAll()
    .where('plant_id', '=', plantId)
    .where('id', '=', vehicleId)
    .executeTakeFirst();
  if (!row) throw vehicleNotFound();
  return row;
}

export async function updateVehicle(
  deps: VehicleStoreDeps,
  caller: RequestCaller,
  { plantId, vehicleId, ...fields }: Endpoint<'ev/vehicle/update'>['request'],
): Promise<VehicleView> {
  const plant = await visiblePlant(deps.db, caller, plantId, 'operator');
  const old = await plantVehicle(deps.db, plant.id, vehicleId);
  judge(fields);
  const name = fields.name.trim();
  if (await nameTaken(deps.db, plant.id, name, old.id)) throw taken();
  const socChanged = fields.socPct !== old.manual_soc_pct;
  const row: EvVehicleTable = {
    ...old,
    name,
    capacity_kwh: fields.capacityKwh,
    charge_limit_pct: fields.chargeLimitPct,
    manual_soc_pct: fields.socPct,
    manual_soc_at: fields.socPct === null ? null : socChanged ? new Date((deps.now ?? Date.now)()).toISOString() : old.manual_soc_at,
  };
  await inTransaction(deps.db, async (trx) => {
    await ocppDb(trx)
      .updateTable('ev_vehicles')
      .set({
        name: row.name,
        capacity_kwh: row.capacity_kwh,
        charge_limit_pct: row.charge_limit_pct,
        manual_soc_pct: row.manual_soc_pct,
        manual_soc_at: row.manual_soc_at,
      })
      .where('id', '=', old.id)
      .execute();
    await recordRequestAudit(trx, caller, 'plants.vehicle_changed', plantTarget(plant), {
      vehicleId: old.id,
      name,
      capacityKwh: row.capacity_kwh,
      chargeLimitPct: row.charge_limit_pct,
      socPct: row.manual_soc_pct,
    });
  });
  return (await views(deps, plant, [row]))[0]!;
}

export async function removeVehicle(
  deps: VehicleStoreDeps,
  caller: RequestCaller,
  { plantId, vehicleId }: Endpoint<'ev/vehicle/remove'>['request'],
): Promise<void> {
  const plant = await visiblePlant(deps.db, caller, plantId, 'operator');
  const old = await plantVehicle(deps.db, plant.id, vehicleId);
  await inTransaction(deps.db, async (trx) => {
    await ocppDb(trx).updateTable('chargers').set({ vehicle_id: null }).where('vehicle_id', '=', old.id).execute();
    await ocppDb(trx).deleteFrom('ev_vehicles').where('id', '=', old.id).execute();
    await recordRequestAudit(trx, caller, 'plants.vehicle_removed', plantTarget(plant), { vehicleId: old.id, name: old.name });
  });
}

/** The vehicle assigned to a charger, if any (the plan turns its SoC target into energy with it). */
export async function chargerVehicle(db: Kysely<Database>, charger: Pick<ChargerTable, 'vehicle_id' | 'plant_id'>) {
  if (charger.vehicle_id === null) return undefined;
  return ocppDb(db)
    .selectFrom('ev_vehicles')
    .selectAll()
    .where('id', '=', charger.vehicle_id)
    .where('plant_id', '=', charger.plant_id)
    .executeTakeFirst();
}

// ev/chargers: every charger of the plants the caller may see, with its last reported state and the
// energy it delivered today (the day roll-up of its power, on its plant's clock).
import type { Kysely } from 'kysely';
import { CHARGER_KEYS, EV_FLEET_MAX, EV_MODES, type ChargerView, type EvMode } from '@helio/contracts';
import type { Database } from '../db/schema';
import type { JsonObject } from '../iot/shadows/json';
import type { ShadowStore } from '../iot/shadows/shadow-store';
import type { DeviceTable } from '../device/tables';
import { badRequest, deviceNotFound } from '../http/errors';
import { findTenantPlant, listTenantPlants, type AccessiblePlant, type PlantCaller } from '../plants/access';
import { todayEnergyKwh } from '../series/today-energy';

const num = (r: JsonObject, key: string): number | null => (typeof r[key] === 'number' ? (r[key] as number) : null);

/** A charger's view from its device row, plant and reported state. */
export function chargerView(
  device: Pick<DeviceTable, 'id' | 'name' | 'rated_power_kw'>,
  plant: AccessiblePlant,
  reported: JsonObject | undefined,
  reportedAt: number | null,
  todayKwh: number,
): ChargerView {
  const r = reported ?? {};
  const c = CHARGER_KEYS;
  const powerW = num(r, c.power) ?? 0;
  const grid = num(r, 'ActPwrGrid');
  const mode = r[c.mode];
  return {
    deviceId: device.id,
    plantId: plant.id,
    plantName: plant.name,
    thingName: plant.thing_name,
    timezone: plant.timezone,
    name: device.name,
    ratedPowerKw: device.rated_power_kw,
    role: plant.access_role,
    connected: typeof r[c.connected] === 'boolean' ? (r[c.connected] as boolean) : null,
    powerW,
    currentA: num(r, c.current) ?? 0,
    phases: num(r, c.activePhases) ?? 0,
    mode: typeof mode === 'string' && (EV_MODES as readonly string[]).includes(mode) ? (mode as EvMode) : null,
    minCurrentA: num(r, c.minCurrent),
    maxCurrentA: num(r, c.maxCurrent),
    phasesSetting: num(r, c.phases),
    sessionKwh: num(r, c.sessionEnergy) ?? 0,
    // The shadow keeps the last car's SoC after it leaves.
    carSocPct: r[c.connected] === true ? num(r, c.carSoc) : null,
    // What the grid does not deliver of the charging power now (an import counts against the car first).
    solarSharePct: powerW > 0 && grid !== null ? Math.round(Math.max(0, Math.min(1, 1 - Math.max(0, grid) / powerW)) * 1000) / 10 : null,
    todayKwh: Math.round(todayKwh * 1000) / 1000,
    reportedAt: reportedAt === null ? null : new Date(reportedAt).toISOString(),
  };
}

export async function fleetChargers(
  db: Kysely<Database>,
  shadows: ShadowStore,
  caller: PlantCaller,
  onlyPlantId?: string,
): Promise<{ chargers: ChargerView[]; truncated: boolean }> {
  const plants = (await listTenantPlants(db, caller)).filter((p) => onlyPlantId === undefined || p.id === onlyPlantId);
  if (plants.length === 0) return { chargers: [], truncated: false };
  const byId = new Map(plants.map((p) => [p.id, p]));
  const devices = await db
    .selectFrom('devices')
    .select(['id', 'plant_id', 'name', 'rated_power_kw'])
    .where('kind', '=', 'charger')
    .where('plant_id', 'in', [...byId.keys()])
    .orderBy('name')
    .limit(EV_FLEET_MAX + 1)
    .execute();
  const today = await todayEnergyKwh(db, caller.tenantId, CHARGER_KEYS.power, Date.now(), onlyPlantId);
  const chargers: ChargerView[] = [];
  for (const device of devices.slice(0, EV_FLEET_MAX)) {
    const plant = byId.get(device.plant_id)!;
    const doc = await shadows.get(plant.thing_name);
    chargers.push(chargerView(device, plant, doc?.state.reported, doc ? doc.timestamp : null, today.get(plant.id) ?? 0));
  }
  chargers.sort((a, b) => a.plantName.localeCompare(b.plantName) || a.name.localeCompare(b.name));
  return { chargers, truncated: devices.length > EV_FLEET_MAX };
}

/** A device the caller may see that must be a charger: unseen is 404, another kind a 400 naming it. */
export async function findVisibleCharger(db: Kysely<Database>, caller: PlantCaller, deviceId: string) {
  const device = await db
    .selectFrom('devices')
    .select(['id', 'plant_id', 'kind', 'rated_power_kw'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
  const plant = device ? await findTenantPlant(db, caller, device.plant_id) : undefined;
  if (!device || !plant) throw deviceNotFound('Charger not found');
  // The caller may see the device: say what is wrong with it rather than hide it.
  if (device.kind !== 'charger') throw badRequest(`The device is not a charger (kind: ${device.kind})`, { field: 'deviceId' });
  return { device, plant };
}

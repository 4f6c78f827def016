// Chargers of a plant as the rest of the server manages them (charger-store.ts puts these behind
// ev/charger/add and ev/charger/remove): adding one gives it a charge point id, its own shadow and a
// password shown once; removing it refuses its next BootNotification, and the store tells the replica
// holding its socket to close it. Id tags are the plant's RFID cards.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { CHARGE_POINT_ID_PATTERN_SOURCE } from '@helio/contracts';
import { inTransaction } from '../db/dialect';
import { hashPassword } from '../auth/passwords';
import { newChargerPassword } from './credentials';
import { localListChanged } from './local-list';
import { ocppDb, type ChargerTable } from './tables';

const PHASE_VOLTAGE = 230;

/** Whole amperes per phase a charger of this power on these phases draws at most (6–32 A; 16 A unknown). */
export function hardwareAmps(ratedKw: number | null, phases: 1 | 3 = 3): number {
  if (ratedKw === null || !(ratedKw > 0)) return 16;
  return Math.max(6, Math.min(32, Math.round((ratedKw * 1000) / (phases * PHASE_VOLTAGE))));
}

/** The OCPP identity: printable ASCII without the URL's reserved characters, at most 48 (OCPP's CiString48). */
export const CHARGE_POINT_ID_PATTERN = new RegExp(CHARGE_POINT_ID_PATTERN_SOURCE);

export interface NewCharger {
  plantId: string;
  chargePointId: string;
  name: string;
  deviceId?: string | null;
  ratedPowerKw?: number | null;
  freeCharging?: boolean;
}

export class ChargePointIdTaken extends Error {}

/**
 * A charger's row as it starts, whoever adds it (an OCPP charger added on the plant detail, or a
 * gateway's charger device): not yet booted, fast mode, limits from its rated power.
 */
function newChargerRow(c: {
  id: string;
  plantId: string;
  deviceId: string | null;
  chargePointId: string;
  name: string;
  passwordHash: string | null;
  freeCharging: boolean;
  ratedPowerKw: number | null;
}): ChargerTable {
  const hwMax = hardwareAmps(c.ratedPowerKw);
  return {
    id: c.id,
    plant_id: c.plantId,
    device_id: c.deviceId,
    charge_point_id: c.chargePointId,
    name: c.name,
    thing_name: `ocpp-${c.id}`,
    password_hash: c.passwordHash,
    vendor: null,
    model: null,
    serial: null,
    firmware: null,
    meter_type: null,
    booted_at: null,
    connection: null,
    connection_at: null,
    connection_id: null,
    last_heartbeat_at: null,
    firmware_status: null,
    diagnostics_status: null,
    free_charging: c.freeCharging ? 1 : 0,
    mode: 'fast',
    min_current_a: 6,
    max_current_a: hwMax,
    phases: 0,
    plan_slots: '[]',
    battery_first_below_pct: 0,
    vehicle_id: null,
    price_limit_czk_kwh: null,
    weekly_plan: null,
    hw_max_current_a: hwMax,
    hw_phases: 3,
    min_status_duration_s: 0,
    created_at: new Date().toISOString(),
  };
}

/**
 * Adds the charger and answers it with its password (the only time the password exists in clear).
 * `change` runs in the insert's transaction (an audit entry): the password is hashed before it, so no
 * transaction is held open for scrypt.
 */
export async function addCharger(
  db: Kysely<Database>,
  input: NewCharger,
  change?: (trx: Kysely<Database>, charger: ChargerTable) => Promise<void>,
): Promise<{ charger: ChargerTable; password: string }> {
  if (!CHARGE_POINT_ID_PATTERN.test(input.chargePointId)) throw new Error(`not a charge point id: ${input.chargePointId}`);
  const taken = await ocppDb(db).selectFrom('chargers').select('id').where('charge_point_id', '=', input.chargePointId).executeTakeFirst();
  if (taken) throw new ChargePointIdTaken(input.chargePointId);
  const password = newChargerPassword();
  const id = randomUUID();
  const charger = newChargerRow({
    id,
    plantId: input.plantId,
    deviceId: input.deviceId ?? null,
    chargePointId: input.chargePointId,
    name: input.name,
    passwordHash: await hashPassword(password),
    freeCharging: input.freeCharging === true,
    ratedPowerKw: input.ratedPowerKw ?? null,
  });

  await inTransaction(db, async (trx) => {
    await ocppDb(trx).insertInto('chargers').values(charger).execute();
    await change?.(trx, charger);
  });
  return { charger, password };
}

/** The plant's chargers, first added first: the first is the one today's /ev pages show. */
export function plantChargers(db: Kysely<Database>, plantId: string): Promise<ChargerTable[]> {
  return ocppDb(db).selectFrom('chargers').selectAll().where('plant_id', '=', plantId).orderBy('created_at').orderBy('id').execute();
}

/**
 * Gives every device of kind `charger` (of the plants given, or all) that no charger describes a
 * charger row of its own, as migration 070 did for the devices it found: charge point id
 * `<thing name>-ev<n>`, no password, so the plant's gateway drives it (charger-settings.ts) until it
 * gets one and connects over OCPP. A device added later, or by the demo seed after the migrations,
 * would otherwise have no charger on /ev. Two callers at once: the unique id keeps one.
 */
export async function ensureDeviceChargers(db: Kysely<Database>, plantIds?: readonly string[]): Promise<number> {
  if (plantIds !== undefined && plantIds.length === 0) return 0;
  const o = ocppDb(db);
  let query = o
    .selectFrom('devices')
    .innerJoin('plants', 'plants.id', 'devices.plant_id')
    .select(['devices.id', 'devices.plant_id', 'devices.name', 'devices.rated_power_kw', 'plants.thing_name'])
    .where('devices.kind', '=', 'charger')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('chargers').select('chargers.id').whereRef('chargers.device_id', '=', 'devices.id'))),
    );
  if (plantIds !== undefined) query = query.where('devices.plant_id', 'in', plantIds);
  const missing = await query.orderBy('devices.created_at').orderBy('devices.id').execute();
  let added = 0;
  for (const device of missing) {
    const taken = new Set(
      (await o.selectFrom('chargers').select('charge_point_id').where('charge_point_id', 'like', `${device.thing_name}-ev%`).execute()).map(
        (c) => c.charge_point_id,
      ),
    );
    let n = 1;
    while (taken.has(`${device.thing_name}-ev${n}`)) n++;
    const id = randomUUID();
    const result = await o
      .insertInto('chargers')
      .values(
        newChargerRow({
          id,
          plantId: device.plant_id,
          deviceId: device.id,
          chargePointId: `${device.thing_name}-ev${n}`,
          name: device.name,
          passwordHash: null,
          freeCharging: false,
          ratedPowerKw: device.rated_power_kw,
        }),
      )
      .onConflict((oc) => oc.column('charge_point_id').doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/** A charger device removed: the gateway's charger it was goes too (an OCPP charger stays, its device link cleared). */
export async function removeDeviceChargers(db: Kysely<Database>, deviceId: string): Promise<void> {
  await ocppDb(db).deleteFrom('chargers').where('device_id', '=', deviceId).where('password_hash', 'is', null).execute();
}

export async function removeCharger(db: Kysely<Database>, chargerId: string): Promise<boolean> {
  const result = await ocppDb(db).deleteFrom('chargers').where('id', '=', chargerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setFreeCharging(db: Kysely<Database>, chargerId: string, free: boolean): Promise<void> {
  await ocppDb(db)
    .updateTable('chargers')
    .set({ free_charging: free ? 1 : 0 })
    .where('id', '=', chargerId)
    .execute();
}

/** Adds a card to the plant (the demo's and tests' way; /ev's is id-tag-store.ts), counting up its local list version. */
export async function addIdTag(
  db: Kysely<Database>,
  tag: { plantId: string; idTag: string; label?: string; blocked?: boolean; expiresAt?: string | null },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await ocppDb(trx)
      .insertInto('charger_id_tags')
      .values({
        plant_id: tag.plantId,
        id_tag: tag.idTag,
        label: tag.label ?? '',
        blocked: tag.blocked ? 1 : 0,
        expires_at: tag.expiresAt ?? null,
        created_at: new Date().toISOString(),
      })
      .execute();
    await localListChanged(trx, tag.plantId);
  });
}

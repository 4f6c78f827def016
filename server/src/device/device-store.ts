// The devices of a plant: inverters, batteries, chargers and meters with their identity, ratings and
// the reported shadow keys that are their live values. Tenant-scoped through the plant lookups (another
// tenant's plant or device is not found); recording a plant's hardware is the plant owner's, like its
// settings. Every change is audited on the plant, in the change's transaction: a change whose audit
// entry cannot be written is not made.
import { ensureDeviceChargers, removeDeviceChargers } from '../ocpp/chargers';
import { DEVICE_KINDS, type Device, type DeviceFields, type DeviceKind, type PlantDeviceEndpoints } from '@helio/contracts';
import type { Kysely, Selectable } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { AuditAction } from '../audit/audit-log';
import { plantTarget, recordRequestAudit, type RequestCaller } from '../audit/request-audit';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { badRequest, conflict, deviceNotFound, plantNotFound } from '../http/errors';
import { findTenantPlant, requirePlantRole, type PlantRole, type PlantRow } from '../plants/access';
import type { DeviceTable } from './tables';

type DeviceRow = Selectable<DeviceTable>;

function toDevice(row: DeviceRow): Device {
  const keys: unknown = JSON.parse(row.live_keys);
  return {
    id: row.id,
    plantId: row.plant_id,
    kind: row.kind,
    name: row.name,
    maker: row.maker,
    model: row.model,
    serial: row.serial,
    firmware: row.firmware,
    ratedPowerKw: row.rated_power_kw,
    capacityKwh: row.capacity_kwh,
    liveKeys: Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : [],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function columnsOf(fields: DeviceFields) {
  return {
    name: fields.name.trim(),
    maker: fields.maker.trim(),
    model: fields.model.trim(),
    serial: fields.serial.trim(),
    firmware: fields.firmware.trim(),
    rated_power_kw: fields.ratedPowerKw,
    capacity_kwh: fields.capacityKwh,
    live_keys: JSON.stringify(fields.liveKeys),
  };
}

/** Rules the schema cannot say: a capacity belongs to a battery only. */
function checkFields(kind: DeviceKind, fields: DeviceFields): void {
  if (kind !== 'battery' && fields.capacityKwh !== null) {
    throw badRequest('Only a battery has a capacity', {
      fields: { capacityKwh: { problem: 'batteryOnly', message: 'capacityKwh is for batteries only' } },
    });
  }
}

/** Serial numbers are unique among a plant's devices of one maker (an empty serial is no serial). */
async function checkSerialFree(db: Kysely<Database>, plantId: string, fields: DeviceFields, exceptId?: string): Promise<void> {
  const serial = fields.serial.trim();
  if (!serial) return;
  let query = db
    .selectFrom('devices')
    .select('id')
    .where('plant_id', '=', plantId)
    .where('serial', '=', serial)
    .where('maker', '=', fields.maker.trim());
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict('A device with this serial number already exists at this plant', { field: 'serial' });
}

const EMPTY_FIELDS: DeviceFields = {
  name: '',
  maker: '',
  model: '',
  serial: '',
  firmware: '',
  ratedPowerKw: null,
  capacityKwh: null,
  liveKeys: [],
};

/** The device and its plant, when the caller may see the plant (else 404) with at least `needed` on it (else 403). */
async function findDevice(
  db: Kysely<Database>,
  caller: RequestCaller,
  deviceId: string,
  needed: PlantRole = 'viewer',
): Promise<{ plant: PlantRow; device: DeviceRow }> {
  const device = await db.selectFrom('devices').selectAll().where('id', '=', deviceId).executeTakeFirst();
  const plant = device ? await findTenantPlant(db, caller.user, device.plant_id) : undefined;
  if (!device || !plant) throw deviceNotFound();
  return { plant: requirePlantRole(plant, needed), device };
}

const readDevice = async (db: Kysely<Database>, id: string) =>
  toDevice(await db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow());

const audit = (db: Kysely<Database>, caller: RequestCaller, action: AuditAction, plant: PlantRow, details: Record<string, unknown>) =>
  recordRequestAudit(db, caller, action, plantTarget(plant), details);

/** A plant's devices (of one kind when given), by kind in catalogue order, then name, then age. */
export async function listDevices(
  db: Kysely<Database>,
  caller: RequestCaller,
  { plantId, kind }: PlantDeviceEndpoints['device/list']['request'],
): Promise<Device[]> {
  const plant = await findTenantPlant(db, caller.user, plantId);
  if (!plant) throw plantNotFound();
  let query = db.selectFrom('devices').selectAll().where('plant_id', '=', plant.id);
  if (kind) query = query.where('kind', '=', kind);
  const rows = await query.execute();
  const order = (k: DeviceKind) => DEVICE_KINDS.indexOf(k);
  return rows
    .map(toDevice)
    .sort((a, b) => order(a.kind) - order(b.kind) || a.name.localeCompare(b.name, 'cs') || a.createdAt.localeCompare(b.createdAt));
}

export async function getDevice(db: Kysely<Database>, caller: RequestCaller, id: string): Promise<Device> {
  return toDevice((await findDevice(db, caller, id)).device);
}

export async function createDevice(
  db: Kysely<Database>,
  caller: RequestCaller,
  { plantId, kind, ...given }: PlantDeviceEndpoints['device/create']['request'],
): Promise<Device> {
  const plant = await findTenantPlant(db, caller.user, plantId);
  if (!plant) throw plantNotFound();
  requirePlantRole(plant, 'owner');
  const fields: DeviceFields = { ...EMPTY_FIELDS, ...given };
  checkFields(kind, fields);
  await checkSerialFree(db, plant.id, fields);
  const now = new Date().toISOString();
  const deviceId = randomUUID();
  return inTransaction(db, async (trx) => {
    await trx
      .insertInto('devices')
      .values({ id: deviceId, plant_id: plant.id, kind, ...columnsOf(fields), created_at: now, updated_at: now })
      .execute();
    const created = await readDevice(trx, deviceId);
    await audit(trx, caller, 'plants.device_added', plant, { deviceId, kind, name: created.name });
    // A charger device is a charger on /ev at once, the plant's gateway driving it (ocpp/chargers.ts).
    if (kind === 'charger') await ensureDeviceChargers(trx, [plant.id]);
    return created;
  });
}

/** Changes the given fields; the audit entry names the fields whose value changed. */
export async function updateDevice(
  db: Kysely<Database>,
  caller: RequestCaller,
  { id, payload }: PlantDeviceEndpoints['device/update']['request'],
): Promise<Device> {
  const { plant, device } = await findDevice(db, caller, id, 'owner');
  const before = toDevice(device);
  const fields: DeviceFields = { ...before, ...payload };
  checkFields(before.kind, fields);
  await checkSerialFree(db, plant.id, fields, device.id);
  return inTransaction(db, async (trx) => {
    await trx
      .updateTable('devices')
      .set({ ...columnsOf(fields), updated_at: new Date().toISOString() })
      .where('id', '=', device.id)
      .execute();
    const after = await readDevice(trx, device.id);
    const changed = (Object.keys(payload) as (keyof DeviceFields)[]).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    await audit(trx, caller, 'plants.device_updated', plant, { deviceId: device.id, name: after.name, changed });
    return after;
  });
}

export async function deleteDevice(db: Kysely<Database>, caller: RequestCaller, id: string): Promise<void> {
  const { plant, device } = await findDevice(db, caller, id, 'owner');
  await inTransaction(db, async (trx) => {
    if (device.kind === 'charger') await removeDeviceChargers(trx, device.id);
    await trx.deleteFrom('devices').where('id', '=', device.id).execute();
    await audit(trx, caller, 'plants.device_removed', plant, { deviceId: device.id, kind: device.kind, name: device.name });
  });
}

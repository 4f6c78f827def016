// device/list {plantId}, device/get {id}, device/create, device/update {id, payload}, device/delete {id}:
// the devices of a plant. Tenant-scoped through the plant lookups (another tenant's plant or device is
// not found, 404); reading needs plants:read, changing plants:write, like the plant's settings. Every
// change is audited on the plant.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { AuditAction } from '../audit/audit-log';
import { plantTarget, recordRequestAudit } from '../audit/request-audit';
import type { Database } from '../db/schema';
import { requireUser } from '../http/auth';
import {
  DEVICE_KINDS,
  MAX_CAPACITY_KWH,
  MAX_RATED_POWER_KW,
  plantDeviceEndpoints,
  type Device,
  type DeviceFields,
  type DeviceKind,
  type PlantDeviceEndpoints,
} from '@helio/contracts';
import { contractSchema } from '../http/contract-schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { access } from '../iam/route-access';
import { findTenantPlant, requirePlantRole, type PlantRole, type PlantRow } from '../plants/access';
import type { DeviceTable } from './tables';

export type { Device, DeviceFields };

type DeviceRow = Selectable<DeviceTable>;

export { MAX_CAPACITY_KWH, MAX_RATED_POWER_KW };

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

interface Found {
  plant: PlantRow;
  device: DeviceRow;
}

export async function registerPlantDeviceRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): Promise<void> {
  const { db } = deps;

  /** The device and its plant, when the caller may see the plant (else 404) with at least `needed` on it (else 403). */
  async function findDevice(request: FastifyRequest, deviceId: string, needed: PlantRole = 'viewer'): Promise<Found> {
    const device = await db.selectFrom('devices').selectAll().where('id', '=', deviceId).executeTakeFirst();
    const plant = device ? await findTenantPlant(db, request.user, device.plant_id) : undefined;
    if (!device || !plant) throw notFound('Device not found');
    return { plant: requirePlantRole(plant, needed), device };
  }

  const audit = (request: FastifyRequest, action: AuditAction, plant: PlantRow, details: Record<string, unknown>) =>
    recordRequestAudit(db, request, action, plantTarget(plant), details);

  app.post<{ Body: PlantDeviceEndpoints['device/list']['request'] }>(
    '/api/device/list',
    {
      config: access('plants:read', { tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
      preHandler: requireUser,
      schema: contractSchema(plantDeviceEndpoints['device/list']),
    },
    async (request): Promise<Device[]> => {
      const plant = await findTenantPlant(db, request.user, request.body.plantId);
      if (!plant) throw notFound('Plant not found');
      let query = db.selectFrom('devices').selectAll().where('plant_id', '=', plant.id);
      if (request.body.kind) query = query.where('kind', '=', request.body.kind);
      const rows = await query.execute();
      const order = (kind: DeviceKind) => DEVICE_KINDS.indexOf(kind);
      return rows
        .map(toDevice)
        .sort((a, b) => order(a.kind) - order(b.kind) || a.name.localeCompare(b.name, 'cs') || a.createdAt.localeCompare(b.createdAt));
    },
  );

  app.post<{ Body: PlantDeviceEndpoints['device/get']['request'] }>(
    '/api/device/get',
    {
      config: access('plants:read', { tenantResources: [{ field: 'id', kind: 'device' }] }),
      preHandler: requireUser,
      schema: contractSchema(plantDeviceEndpoints['device/get']),
    },
    async (request): Promise<Device> => toDevice((await findDevice(request, request.body.id)).device),
  );

  app.post<{ Body: PlantDeviceEndpoints['device/create']['request'] }>(
    '/api/device/create',
    {
      config: access('plants:write', { tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
      preHandler: requireUser,
      schema: contractSchema(plantDeviceEndpoints['device/create']),
    },
    async (request): Promise<Device> => {
      const { plantId, kind, ...given } = request.body;
      const plant = await findTenantPlant(db, request.user, plantId);
      if (!plant) throw notFound('Plant not found');
      // Recording a plant's hardware is the plant owner's, like its settings (plant/update).
      requirePlantRole(plant, 'owner');
      const fields: DeviceFields = { ...EMPTY_FIELDS, ...given };
      checkFields(kind, fields);
      await checkSerialFree(db, plant.id, fields);
      const now = new Date().toISOString();
      const deviceId = randomUUID();
      await db
        .insertInto('devices')
        .values({ id: deviceId, plant_id: plant.id, kind, ...columnsOf(fields), created_at: now, updated_at: now })
        .execute();
      const created = toDevice(await db.selectFrom('devices').selectAll().where('id', '=', deviceId).executeTakeFirstOrThrow());
      await audit(request, 'plants.device_added', plant, { deviceId, kind, name: created.name });
      return created;
    },
  );

  app.post<{ Body: PlantDeviceEndpoints['device/update']['request'] }>(
    '/api/device/update',
    {
      config: access('plants:write', { tenantResources: [{ field: 'id', kind: 'device' }] }),
      preHandler: requireUser,
      schema: contractSchema(plantDeviceEndpoints['device/update']),
    },
    async (request): Promise<Device> => {
      const { plant, device } = await findDevice(request, request.body.id, 'owner');
      const before = toDevice(device);
      const fields: DeviceFields = { ...before, ...request.body.payload };
      checkFields(before.kind, fields);
      await checkSerialFree(db, plant.id, fields, device.id);
      await db
        .updateTable('devices')
        .set({ ...columnsOf(fields), updated_at: new Date().toISOString() })
        .where('id', '=', device.id)
        .execute();
      const after = toDevice(await db.selectFrom('devices').selectAll().where('id', '=', device.id).executeTakeFirstOrThrow());
      const changed = (Object.keys(request.body.payload) as (keyof DeviceFields)[]).filter(
        (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
      );
      await audit(request, 'plants.device_updated', plant, { deviceId: device.id, name: after.name, changed });
      return after;
    },
  );

  app.post<{ Body: PlantDeviceEndpoints['device/delete']['request'] }>(
    '/api/device/delete',
    {
      config: access('plants:write', { tenantResources: [{ field: 'id', kind: 'device' }] }),
      preHandler: requireUser,
      schema: contractSchema(plantDeviceEndpoints['device/delete']),
    },
    async (request) => {
      const { plant, device } = await findDevice(request, request.body.id, 'owner');
      await db.deleteFrom('devices').where('id', '=', device.id).execute();
      await audit(request, 'plants.device_removed', plant, { deviceId: device.id, kind: device.kind, name: device.name });
      return { ok: true };
    },
  );
}

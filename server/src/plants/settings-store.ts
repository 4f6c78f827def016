// A plant's detail and settings: reading, changing (optimistic concurrency on `version`) and creating
// a plant with its gateway login. Tenant-scoped: another tenant's plant is not found. Changing a plant
// needs the owner role on it; whoever creates a plant may manage it. Every change is audited in the
// change's transaction: a change whose audit entry cannot be written is not made.
import {
  NEW_PLANT_DEFAULTS,
  problemMessage,
  settingProblems,
  type PlantEndpoints,
  type PlantSettings,
  type SettingProblems,
} from '@helio/contracts';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { AuditAction } from '../audit/audit-log';
import { plantTarget, recordRequestAudit, type RequestCaller } from '../audit/request-audit';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { gatewayUsername, setNewGatewayPassword } from '../iot/mqtt/gateway-credentials';
import type { DeviceServices } from '../iot/services';
import { ApiError, conflict, plantNotFound } from '../http/errors';
import { findTenantPlant, grantPlantAccess, type PlantLookup, requirePlantRole, seesEveryPlant } from './access';
import { settingColumns, settingsOf, toPlantDetail, type PlantDetail } from './plant-detail';
import { newThingName } from './thing-names';

/** Schema errors of the request (the routes attach them rather than answer them), or none. */
export type SchemaErrors = FastifySchemaValidationError[] | undefined;

/**
 * 400 PlantSettingsInvalid with one entry per field, `details.fields.<field> = {problem, …limits, message}`,
 * and the first of them as `field` (what the translated sentence names; the form marks each field).
 */
const settingsRefusal = (fields: Record<string, unknown>) =>
  new ApiError(400, 'PlantSettingsInvalid', 'Invalid plant settings', { field: Object.keys(fields)[0], fields });

function invalid(problems: SettingProblems) {
  return settingsRefusal(
    Object.fromEntries(Object.entries(problems).map(([field, p]) => [field, { ...p, message: problemMessage(field, p) }])),
  );
}

/** Schema (type) errors, by field, in the same shape as the range checks'. */
function rejectSchemaErrors(validation: SchemaErrors): void {
  if (!validation) return;
  const fields: Record<string, { problem: 'type'; message: string }> = {};
  for (const error of validation) {
    const named = error.params.additionalProperty ?? error.params.missingProperty;
    const field = typeof named === 'string' ? named : (error.instancePath.split('/').filter(Boolean).pop() ?? 'body');
    fields[field] ??= { problem: 'type', message: `${field} ${error.message ?? 'is invalid'}` };
  }
  throw settingsRefusal(fields);
}

const audit = (db: Kysely<Database>, caller: RequestCaller, action: AuditAction, plant: PlantDetail, details: Record<string, unknown>) =>
  recordRequestAudit(db, caller, action, plantTarget(plant), details);

export async function plantDetailOf(db: Kysely<Database>, caller: RequestCaller, plantId: string): Promise<PlantDetail> {
  const row = await findTenantPlant(db, caller.user, plantId);
  if (!row) throw plantNotFound();
  return toPlantDetail(row);
}

/**
 * Applies a change of settings to the version the editor saw: of two editors, exactly one wins, the
 * other hears 409 with the current plant. Whose plant it is comes first: another tenant's id is a 404
 * whatever else is wrong with the body.
 */
export async function updatePlantSettings(
  { db, plants }: { db: Kysely<Database>; plants: PlantLookup },
  caller: RequestCaller,
  body: PlantEndpoints['plant/update']['request'] | undefined,
  schemaErrors: SchemaErrors,
): Promise<PlantDetail> {
  const givenId: unknown = body?.id;
  const row = typeof givenId === 'string' ? await findTenantPlant(db, caller.user, givenId) : undefined;
  if (typeof givenId === 'string' && !row) throw plantNotFound();
  rejectSchemaErrors(schemaErrors);
  if (!row || !body) throw plantNotFound();
  requirePlantRole(row, 'owner');
  const { id: plantId, payload, expectedVersion } = body;
  const before = toPlantDetail(row);
  const next: PlantSettings = { ...settingsOf(before), ...payload };
  const problems = settingProblems(next);
  if (Object.keys(problems).length > 0) throw invalid(problems);
  const after = await inTransaction(db, async (trx) => {
    // The version check and the write are one statement.
    const result = await trx
      .updateTable('plants')
      .set({ ...settingColumns(next), version: expectedVersion + 1, updated_at: new Date().toISOString() })
      .where('id', '=', plantId)
      .where('tenant_id', '=', caller.user.tenantId)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    const stored = toPlantDetail((await findTenantPlant(trx, caller.user, plantId)) ?? row);
    const changed = (Object.keys(next) as (keyof PlantSettings)[]).filter((key) => before[key] !== stored[key]);
    await audit(trx, caller, 'plants.updated', stored, { changed, version: stored.version });
    return stored;
  });
  plants.forget(); // the hot calls read the stored row next
  if (!after) {
    const current = await findTenantPlant(db, caller.user, plantId);
    if (!current) throw plantNotFound();
    throw conflict('The plant was changed by someone else', { currentVersion: current.version, current: toPlantDetail(current) });
  }
  return after;
}

/**
 * Creates a plant with the thing name the server issues (random: none is ever "taken", so the answer
 * tells nothing about other organisations) and its gateway login (the password is answered this once).
 */
export async function createPlant(
  deps: { db: Kysely<Database>; devices?: DeviceServices },
  caller: RequestCaller,
  body: PlantEndpoints['plant/create']['request'],
  schemaErrors: SchemaErrors,
): Promise<PlantEndpoints['plant/create']['response']> {
  const { db, devices } = deps;
  rejectSchemaErrors(schemaErrors);
  const { tenantId } = caller.user;
  const settings: PlantSettings = { ...NEW_PLANT_DEFAULTS, ...body };
  const problems: SettingProblems = settingProblems(settings);
  if (Object.keys(problems).length > 0) throw invalid(problems);
  const plantId = randomUUID();
  // 128 random bits: a name nobody holds, without asking (a collision would fail on the unique index).
  const thingName = newThingName();
  let plant: PlantDetail | undefined;
  // The plant, its owner, its audit entry and its gateway login commit together; the broker is told
  // after the commit. Through the device services when they run, so the broker knows the login at once.
  const target = { id: plantId, thing_name: thingName };
  const createRows = async (trx: Kysely<Database>) => {
    await trx
      .insertInto('plants')
      .values({
        ...settingColumns(settings),
        id: plantId,
        tenant_id: tenantId,
        thing_name: thingName,
        name: settings.name.trim(),
        location: settings.location.trim(),
        timezone: settings.timezone.trim(),
        latitude: settings.latitude ?? 0,
        longitude: settings.longitude ?? 0,
        pv_peak_kw: settings.pvPeakKw ?? 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    // Whoever creates a plant may see and manage it: a non-administrator becomes its owner.
    if (!seesEveryPlant(caller.user)) await grantPlantAccess(trx, { plantId, userId: caller.user.sub, role: 'owner' });
    const created = await findTenantPlant(trx, caller.user, plantId);
    if (!created) throw plantNotFound();
    plant = toPlantDetail(created);
    await audit(trx, caller, 'plants.created', plant, { thingName, username: gatewayUsername(thingName) });
  };
  const gatewayLogin = devices
    ? await devices.rotateGatewayPassword(target, createRows)
    : await setNewGatewayPassword(db, target, createRows);
  // nothing to forget in the plant lookups: they never keep a miss
  if (!plant) throw plantNotFound();
  return { plant, gatewayLogin };
}

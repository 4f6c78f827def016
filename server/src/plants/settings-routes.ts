// plant/detail, plant/update (optimistic concurrency on `version`) and plant/create (with the gateway
// login, answered once). Tenant-scoped: another tenant's plant is not found. Every change is audited.
import { countNameConflict, refuseWhileProbing } from '../security/name-probes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { AuditAction } from '../audit/audit-log';
import { plantTarget, recordRequestAudit } from '../audit/request-audit';
import type { Database } from '../db/schema';
import { setNewGatewayPassword } from '../devices/mqtt/gateway-credentials';
import type { DeviceServices } from '../devices/services';
import { requireUser } from '../http/auth';
import { plantEndpoints, type PlantEndpoints } from '@helio/contracts';
import { contractSchema } from '../http/contract-schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { access } from '../iam/route-access';
import { findTenantPlant, forgetPlants, grantPlantAccess, requirePlantRole, seesEveryPlant } from './access';
import { settingColumns, settingsOf, toPlantDetail, type PlantDetail } from './plant-detail';
import { isThingName, problemMessage, settingProblems, type PlantSettings, type SettingProblems } from '@helio/contracts';

const plantResource = { tenantResources: [{ field: 'id', kind: 'plant' as const }] };

/** What a new plant starts with beyond what plant/create is given. */
const NEW_PLANT_DEFAULTS: PlantSettings = {
  name: '',
  location: '',
  address: '',
  timezone: 'Europe/Prague',
  latitude: null,
  longitude: null,
  pvPeakKw: null,
  tiltDeg: null,
  azimuthDeg: null,
  batteryKwh: null,
  batteryMinSocPct: null,
  batteryMaxSocPct: null,
  batteryMaxChargeKw: null,
  batteryMaxDischargeKw: null,
  chargerKw: null,
  gridExportLimitKw: null,
  tariffName: '',
  tariffPricePerKwh: null,
  tariffCurrency: 'CZK',
};

type CreateBody = PlantEndpoints['plant/create']['request'];

/** 400 with one entry per field: `details.fields.<field> = {problem, …limits, message}`. */
function invalid(problems: SettingProblems) {
  const fields = Object.fromEntries(Object.entries(problems).map(([field, p]) => [field, { ...p, message: problemMessage(field, p) }]));
  return badRequest('Invalid plant settings', { fields });
}

/** Schema (type) errors, by field, in the same shape as the range checks'. */
function schemaInvalid(validation: FastifySchemaValidationError[]) {
  const fields: Record<string, { problem: 'type'; message: string }> = {};
  for (const error of validation) {
    const named = error.params.additionalProperty ?? error.params.missingProperty;
    const field = typeof named === 'string' ? named : (error.instancePath.split('/').filter(Boolean).pop() ?? 'body');
    fields[field] ??= { problem: 'type', message: `${field} ${error.message ?? 'is invalid'}` };
  }
  return badRequest('Invalid plant settings', { fields });
}

function rejectSchemaErrors(request: FastifyRequest): void {
  if (request.validationError) throw schemaInvalid(request.validationError.validation);
}

const audit = (db: Kysely<Database>, request: FastifyRequest, action: AuditAction, plant: PlantDetail, details: Record<string, unknown>) =>
  recordRequestAudit(db, request, action, plantTarget(plant), details);

export async function registerPlantSettingsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; devices?: DeviceServices },
): Promise<void> {
  const { db, devices } = deps;

  app.post<{ Body: PlantEndpoints['plant/detail']['request'] }>(
    '/api/plant/detail',
    {
      config: access('plants:read', plantResource),
      preHandler: requireUser,
      schema: contractSchema(plantEndpoints['plant/detail']),
    },
    async (request): Promise<PlantDetail> => {
      const row = await findTenantPlant(db, request.user, request.body.id);
      if (!row) throw notFound('Plant not found');
      return toPlantDetail(row);
    },
  );

  app.post<{ Body: PlantEndpoints['plant/update']['request'] }>(
    '/api/plant/update',
    {
      config: access('plants:write', plantResource),
      preHandler: requireUser,
      attachValidation: true,
      schema: contractSchema(plantEndpoints['plant/update']),
    },
    async (request): Promise<PlantDetail> => {
      // Whose plant it is comes first: another tenant's id is a 404 whatever else is wrong with the body.
      const givenId: unknown = request.body?.id;
      const row = typeof givenId === 'string' ? await findTenantPlant(db, request.user, givenId) : undefined;
      if (typeof givenId === 'string' && !row) throw notFound('Plant not found');
      rejectSchemaErrors(request);
      if (!row) throw notFound('Plant not found');
      requirePlantRole(row, 'owner');
      const { id: plantId, payload, expectedVersion } = request.body;
      const before = toPlantDetail(row);
      const next: PlantSettings = { ...settingsOf(before), ...payload };
      const problems = settingProblems(next);
      if (Object.keys(problems).length > 0) throw invalid(problems);
      // The version check and the write are one statement: of two editors, exactly one wins.
      const result = await db
        .updateTable('plants')
        .set({ ...settingColumns(next), version: expectedVersion + 1, updated_at: new Date().toISOString() })
        .where('id', '=', plantId)
        .where('tenant_id', '=', request.user.tenantId)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      forgetPlants(db); // the rows read next are the stored ones, here and in the conflict answer
      if (Number(result.numUpdatedRows) === 0) {
        const current = await findTenantPlant(db, request.user, plantId);
        if (!current) throw notFound('Plant not found');
        throw conflict('The plant was changed by someone else', { currentVersion: current.version, current: toPlantDetail(current) });
      }
      const after = toPlantDetail((await findTenantPlant(db, request.user, plantId)) ?? row);
      const changed = (Object.keys(next) as (keyof PlantSettings)[]).filter((key) => before[key] !== after[key]);
      await audit(db, request, 'plants.updated', after, { changed, version: after.version });
      return after;
    },
  );

  app.post<{ Body: CreateBody }>(
    '/api/plant/create',
    {
      // thingName names the plant to be made; a name taken anywhere is a 409 (names are global MQTT topics).
      config: access('plants:write', { newNames: ['thingName'] }),
      preHandler: requireUser,
      attachValidation: true,
      schema: contractSchema(plantEndpoints['plant/create']),
    },
    async (request, reply) => {
      rejectSchemaErrors(request);
      await refuseWhileProbing(db, reply, request.user.tenantId, 'thing');
      const { thingName, ...given } = request.body;
      const settings: PlantSettings = { ...NEW_PLANT_DEFAULTS, ...given };
      const problems: SettingProblems = settingProblems(settings);
      if (!isThingName(thingName)) problems.thingName = { problem: 'thingName' };
      if (Object.keys(problems).length > 0) throw invalid(problems);
      // Thing names are unique per installation (they name MQTT topics), not per tenant.
      // Each "taken" counts against the tenant (security/name-probes.ts): names cannot be probed in bulk.
      const taken = async () => {
        await countNameConflict(db, request.user.tenantId, 'thing');
        return conflict('This thing name is already taken', { field: 'thingName' });
      };
      if (await db.selectFrom('plants').select('id').where('thing_name', '=', thingName).executeTakeFirst()) throw await taken();
      const plantId = randomUUID();
      try {
        await db
          .insertInto('plants')
          .values({
            ...settingColumns(settings),
            id: plantId,
            tenant_id: request.user.tenantId,
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
        forgetPlants(db);
      } catch (error) {
        if (await db.selectFrom('plants').select('id').where('thing_name', '=', thingName).executeTakeFirst()) throw await taken();
        throw error;
      }
      // Whoever creates a plant may see and manage it: a non-administrator becomes its owner.
      if (!seesEveryPlant(request.user)) await grantPlantAccess(db, { plantId, userId: request.user.sub, role: 'owner' });
      const target = { id: plantId, thing_name: thingName };
      let gatewayLogin: { username: string; password: string };
      try {
        // Through the device services when they run, so the broker knows the login at once.
        gatewayLogin = devices ? await devices.rotateGatewayPassword(target) : await setNewGatewayPassword(db, target);
      } catch (error) {
        await db.deleteFrom('plants').where('id', '=', plantId).execute(); // no plant without its login
        forgetPlants(db);
        throw error;
      }
      const created = await findTenantPlant(db, request.user, plantId);
      if (!created) throw notFound('Plant not found');
      const plant = toPlantDetail(created);
      await audit(db, request, 'plants.created', plant, { thingName, username: gatewayLogin.username });
      // The password is shown this once; nothing on the way may keep it.
      void reply.header('cache-control', 'no-store');
      return { plant, gatewayLogin };
    },
  );
}

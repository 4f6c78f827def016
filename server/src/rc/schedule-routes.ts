// rc/schedules/list, rc/schedules/create and rc/schedules/delete: windows in the plant's time zone
// that set a key at their start and put its value back at their end (schedule-runner.ts).
import type { FastifyInstance } from 'fastify';
import { RC_SCHEDULES_MAX, rcEndpoints, type RcEndpoints } from '@helio/contracts';
import { plantTarget, recordRequestAudit } from '../audit/request-audit';
import type { JsonValue } from '../devices/shadows/json';
import { isJsonObject } from '../devices/shadows/json';
import { requireUser } from '../http/auth';
import { contractSchema } from '../http/contract-schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { access } from '../iam/route-access';
import { requirePlantRole } from '../plants/access';
import { plantResource, visiblePlant, type RcDeps } from './routes';
import { insertSchedule, listSchedules, scheduleView, startValue } from './schedules';
import { checkValue, ruleFor } from './settings';

const HOUR_MS = 3_600_000;

/** A schedule's value: as for a change, except that a force charge gives its target only (it ends with the window). */
function checkScheduleValue(key: ReturnType<typeof ruleFor>['key'], value: JsonValue): void {
  if (key !== 'ForceCharge') return checkValue(key, value);
  if (!isJsonObject(value) || Object.keys(value).join() !== 'targetSoc') {
    throw badRequest('A scheduled ForceCharge gives {"targetSoc"}; it runs until the window ends', { field: key, problem: 'type' });
  }
  checkValue(key, startValue(key, value, Date.now() + HOUR_MS));
}

export async function registerRcScheduleRoutes(app: FastifyInstance, { db }: Pick<RcDeps, 'db'>): Promise<void> {
  app.post<{ Body: RcEndpoints['rc/schedules/list']['request'] }>(
    '/api/rc/schedules/list',
    { config: access('devices:read', plantResource), preHandler: requireUser, schema: contractSchema(rcEndpoints['rc/schedules/list']) },
    async (request) => {
      const plant = await visiblePlant(db, request, request.body.plantId);
      return { schedules: (await listSchedules(db, plant.id)).map(scheduleView) };
    },
  );

  app.post<{ Body: RcEndpoints['rc/schedules/create']['request'] }>(
    '/api/rc/schedules/create',
    {
      config: access('devices:control', plantResource),
      preHandler: requireUser,
      schema: contractSchema(rcEndpoints['rc/schedules/create']),
    },
    async (request) => {
      const { plantId, kind, start, end } = request.body;
      const value = request.body.value as JsonValue;
      const plant = requirePlantRole(await visiblePlant(db, request, plantId), 'operator');
      const { key } = ruleFor(request.body.key, plant);
      checkScheduleValue(key, value);
      if (start === end) throw badRequest('A window must end at another time than it starts', { field: 'end', problem: 'range' });
      if (kind === 'once' && !request.body.date)
        throw badRequest('A one-off window needs its date', { field: 'date', problem: 'required' });
      if ((await listSchedules(db, plant.id)).length >= RC_SCHEDULES_MAX)
        throw conflict(`A plant has at most ${RC_SCHEDULES_MAX} schedules`);
      const row = await insertSchedule(db, {
        tenantId: plant.tenant_id,
        plantId: plant.id,
        key,
        value,
        kind,
        date: kind === 'once' ? (request.body.date ?? null) : null,
        start,
        end,
        createdBy: request.user.email,
      });
      await recordRequestAudit(db, request, 'devices.schedule_created', plantTarget(plant), {
        key,
        value,
        kind,
        date: row.date,
        start,
        end,
      });
      return scheduleView(row);
    },
  );

  app.post<{ Body: RcEndpoints['rc/schedules/delete']['request'] }>(
    '/api/rc/schedules/delete',
    {
      config: access('devices:control', { module: 'rc', tenantResources: [{ field: 'id', kind: 'schedule' }] }),
      preHandler: requireUser,
      schema: contractSchema(rcEndpoints['rc/schedules/delete']),
    },
    async (request) => {
      const row = await db
        .selectFrom('rc_schedules')
        .selectAll()
        .where('id', '=', request.body.id)
        .where('tenant_id', '=', request.user.tenantId)
        .executeTakeFirst();
      if (!row) throw notFound('Schedule not found');
      const plant = requirePlantRole(await visiblePlant(db, request, row.plant_id), 'operator');
      await db.deleteFrom('rc_schedules').where('id', '=', row.id).execute();
      await recordRequestAudit(db, request, 'devices.schedule_deleted', plantTarget(plant), {
        key: row.key,
        kind: row.kind,
        start: row.start_time,
        end: row.end_time,
      });
      return { ok: true };
    },
  );
}

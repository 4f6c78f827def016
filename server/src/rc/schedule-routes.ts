// rc/schedules/list, rc/schedules/create and rc/schedules/delete: windows in the plant's time zone
// that set a key at their start and put its value back at their end (schedule-runner.ts).
import type { FastifyInstance } from 'fastify';
import { rcEndpoints, type RcEndpoints } from '@helio/contracts';
import { requireUser } from '../http/auth';
import { contractSchema } from '../http/contract-schema';
import { access } from '../iam/route-access';
import { plantResource, visiblePlant, type RcDeps } from './routes';
import { scheduleMakerMayControl } from './schedule-creator';
import { createSchedule, deleteSchedule, listSchedules, scheduleView } from './schedules';

export async function registerRcScheduleRoutes(app: FastifyInstance, { db }: Pick<RcDeps, 'db'>): Promise<void> {
  app.post<{ Body: RcEndpoints['rc/schedules/list']['request'] }>(
    '/api/rc/schedules/list',
    { config: access('devices:read', plantResource), preHandler: requireUser, schema: contractSchema(rcEndpoints['rc/schedules/list']) },
    async (request) => {
      const plant = await visiblePlant(db, request, request.body.plantId);
      const rows = await listSchedules(db, plant.id);
      const views = [];
      for (const row of rows) views.push(scheduleView(row, !(await scheduleMakerMayControl(db, row))));
      return { schedules: views };
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
      const plant = await visiblePlant(db, request, request.body.plantId);
      const row = await createSchedule(db, request, plant, request.body);
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
      await deleteSchedule(db, request, request.body.id);
      return { ok: true };
    },
  );
}

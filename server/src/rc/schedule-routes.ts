// rc/schedules/list, rc/schedules/create and rc/schedules/delete: windows in the plant's time zone
// that set a key at their start and put its value back at their end (schedule-runner.ts).
import type { ApiHandlers } from '../http/api-module';
import { visiblePlant, type RcDeps } from './routes';
import { scheduleMakerMayControl } from './schedule-creator';
import { createSchedule, deleteSchedule, listSchedules, scheduleView } from './schedules';

export function rcScheduleHandlers({ db }: Pick<RcDeps, 'db'>): ApiHandlers {
  return {
    'rc/schedules/list': async (request) => {
      const plant = await visiblePlant(db, request, request.body.plantId);
      const rows = await listSchedules(db, plant.id);
      const views = [];
      for (const row of rows) views.push(scheduleView(row, !(await scheduleMakerMayControl(db, row))));
      return { schedules: views };
    },
    'rc/schedules/create': async (request) => {
      const plant = await visiblePlant(db, request, request.body.plantId);
      const row = await createSchedule(db, request, plant, request.body);
      return scheduleView(row);
    },
    'rc/schedules/delete': async (request) => {
      await deleteSchedule(db, request, request.body.id);
      return { ok: true };
    },
  };
}

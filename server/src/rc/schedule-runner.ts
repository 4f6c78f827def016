// Applies schedule edges as they come due: at a window's start the key is set (the value it had is
// kept), at its end that value is put back. Edges are found from the stored last edge, so a restart
// catches up (at most two days back). Each edge is claimed by one conditional UPDATE of its row, so
// with several replicas exactly one applies it; the job's leader lease keeps the others from even trying.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot/services';
import type { JsonValue } from '../iot/shadows/json';
import { startLeaderJob } from '../jobs/leader-job';
import { expireCommands } from './commands';
import { edgesBetween, type ScheduleEdge } from './schedule-edges';
import { scheduleMakerMayControl } from './schedule-creator';
import { restoreValue, startValue } from './schedules';
import { currentValue, sendSetting, type ControlledPlant } from './settings';
import type { RcScheduleTable } from './tables';

const CATCH_UP_MS = 2 * 86_400_000;

export interface ScheduleRunnerLog {
  info(message: string): void;
  error(message: string): void;
}

type DueSchedule = RcScheduleTable & { timezone: string; name: string; thing_name: string; battery_kwh: number | null };

async function claim(db: Kysely<Database>, row: RcScheduleTable, edge: ScheduleEdge): Promise<boolean> {
  const at = new Date(edge.at).toISOString();
  const result = await db
    .updateTable('rc_schedules')
    .set({ last_edge_at: at })
    .where('id', '=', row.id)
    .where((eb) => eb.or([eb('last_edge_at', 'is', null), eb('last_edge_at', '<', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Applies a claimed edge; a start whose schedule's maker may no longer control the plant is skipped. */
async function applyEdge(
  db: Kysely<Database>,
  devices: DeviceServices,
  row: DueSchedule,
  edge: ScheduleEdge,
  now: number,
): Promise<'applied' | 'skipped'> {
  const plant: ControlledPlant = {
    id: row.plant_id,
    tenant_id: row.tenant_id,
    name: row.name,
    thing_name: row.thing_name,
    battery_kwh: row.battery_kwh,
  };
  const user = row.created_by ? { id: null, email: row.created_by } : null;
  if (edge.edge === 'start') {
    // A window starts only while its maker may still control the plant; an end still puts back what a start replaced.
    if (!(await scheduleMakerMayControl(db, row))) return 'skipped';
    const previous = currentValue(await devices.shadows.get(row.thing_name), row.key);
    await db
      .updateTable('rc_schedules')
      .set({ active: 1, restore_value: JSON.stringify(previous) })
      .where('id', '=', row.id)
      .execute();
    const value = startValue(row.key, JSON.parse(row.value) as JsonValue, edge.window.end);
    await sendSetting(db, devices, plant, { key: row.key, value, source: 'schedule', user });
    return 'applied';
  }
  // An end without its start (the schedule was made inside the window) has nothing to put back.
  if (Number(row.active) !== 1) return 'applied';
  await db.updateTable('rc_schedules').set({ active: 0 }).where('id', '=', row.id).execute();
  const previous = row.restore_value === null ? null : (JSON.parse(row.restore_value) as JsonValue);
  if (previous !== null)
    await sendSetting(db, devices, plant, { key: row.key, value: restoreValue(row.key, previous, now), source: 'schedule', user });
  return 'applied';
}

/** Applies every edge due by `now` that no one has applied yet; answers how many this call applied. */
export async function runDueEdges(db: Kysely<Database>, devices: DeviceServices, now = Date.now()): Promise<number> {
  const rows: DueSchedule[] = await db
    .selectFrom('rc_schedules')
    .innerJoin('plants', 'plants.id', 'rc_schedules.plant_id')
    .selectAll('rc_schedules')
    .select(['plants.timezone', 'plants.name', 'plants.thing_name', 'plants.battery_kwh'])
    .execute();
  let applied = 0;
  for (let row of rows) {
    const from = Math.max(Date.parse(row.last_edge_at ?? row.created_at), now - CATCH_UP_MS);
    for (const edge of edgesBetween(
      { kind: row.kind, date: row.date, start: row.start_time, end: row.end_time },
      row.timezone,
      from,
      now,
    )) {
      if (!(await claim(db, row, edge))) break; // another replica is on this schedule
      if ((await applyEdge(db, devices, row, edge, now)) === 'applied') applied++;
      const fresh = await db.selectFrom('rc_schedules').selectAll().where('id', '=', row.id).executeTakeFirst();
      if (!fresh) break;
      row = { ...row, ...fresh };
    }
  }
  return applied;
}

export interface ScheduleRunner {
  stop(options?: { release?: boolean }): Promise<void>;
}

export const RC_SCHEDULES_JOB = 'rc-schedules';

/** Checks for due edges every `tickMs` on the replica that leads the job. */
export function startScheduleRunner(opts: {
  db: Kysely<Database>;
  devices: DeviceServices;
  log: ScheduleRunnerLog;
  tickMs: number;
  holder?: string;
  leaseTtlMs?: number;
}): ScheduleRunner {
  const job = startLeaderJob({
    db: opts.db,
    name: RC_SCHEDULES_JOB,
    everyMs: opts.tickMs,
    ttlMs: opts.leaseTtlMs,
    holder: opts.holder,
    log: { error: (message) => opts.log.error(`rc: schedules: ${message}`) },
    work: async (now) => {
      await runDueEdges(opts.db, opts.devices, now);
      // and commands left unconfirmed past the expiry expire, their waiting values cleared
      await expireCommands(opts.db, opts.devices.shadows, now);
    },
  });
  return { stop: (options) => job.stop(options) };
}

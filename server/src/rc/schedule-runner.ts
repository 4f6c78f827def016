// Applies schedule edges as they come due: at a window's start the key is set (the value it had is
// kept), at its end that value is put back. Edges are found from the stored last edge, so a restart
// catches up (at most two days back). Each edge is claimed by one conditional UPDATE of its row, so
// with several replicas exactly one applies it; a lease keeps the others from even trying.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../devices/services';
import type { JsonValue } from '../devices/shadows/json';
import { DbLease } from './lease';
import { edgesBetween, type ScheduleEdge } from './schedule-edges';
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

async function applyEdge(db: Kysely<Database>, devices: DeviceServices, row: DueSchedule, edge: ScheduleEdge, now: number): Promise<void> {
  const plant: ControlledPlant = {
    id: row.plant_id,
    tenant_id: row.tenant_id,
    name: row.name,
    thing_name: row.thing_name,
    battery_kwh: row.battery_kwh,
  };
  const user = row.created_by ? { id: null, email: row.created_by } : null;
  if (edge.edge === 'start') {
    const previous = currentValue(await devices.shadows.get(row.thing_name), row.key);
    await db
      .updateTable('rc_schedules')
      .set({ active: 1, restore_value: JSON.stringify(previous) })
      .where('id', '=', row.id)
      .execute();
    const value = startValue(row.key, JSON.parse(row.value) as JsonValue, edge.window.end);
    await sendSetting(db, devices, plant, { key: row.key, value, source: 'schedule', user });
    return;
  }
  // An end without its start (the schedule was made inside the window) has nothing to put back.
  if (Number(row.active) !== 1) return;
  await db.updateTable('rc_schedules').set({ active: 0 }).where('id', '=', row.id).execute();
  const previous = row.restore_value === null ? null : (JSON.parse(row.restore_value) as JsonValue);
  if (previous !== null)
    await sendSetting(db, devices, plant, { key: row.key, value: restoreValue(row.key, previous, now), source: 'schedule', user });
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
      await applyEdge(db, devices, row, edge, now);
      applied++;
      const fresh = await db.selectFrom('rc_schedules').selectAll().where('id', '=', row.id).executeTakeFirst();
      if (!fresh) break;
      row = { ...row, ...fresh };
    }
  }
  return applied;
}

export interface ScheduleRunner {
  stop(): Promise<void>;
}

export function startScheduleRunner(opts: {
  db: Kysely<Database>;
  devices: DeviceServices;
  log: ScheduleRunnerLog;
  tickMs: number;
  holder: string;
}): ScheduleRunner {
  const lease = new DbLease(opts.db, 'rc-schedules', opts.holder, Math.max(10_000, opts.tickMs * 3));
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= (async () => {
      try {
        if (await lease.acquire()) await runDueEdges(opts.db, opts.devices);
      } catch (error) {
        opts.log.error(`rc: schedules: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, opts.tickMs);
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await lease.release().catch(() => undefined);
    },
  };
}

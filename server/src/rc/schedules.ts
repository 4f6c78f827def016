// Schedules of a plant's writable keys: stored rows, their view, and the value a window's edge sets.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FORCE_CHARGE_OFF, type RcSchedule, type RcScheduleKind } from '@helio/contracts';
import type { Database } from '../db/schema';
import { isJsonObject, type JsonValue } from '../devices/shadows/json';
import type { RcScheduleTable } from './tables';

export function scheduleView(row: RcScheduleTable): RcSchedule {
  return {
    id: row.id,
    plantId: row.plant_id,
    key: row.key,
    value: JSON.parse(row.value) as JsonValue,
    kind: row.kind,
    date: row.date,
    start: row.start_time,
    end: row.end_time,
    active: Number(row.active) === 1,
    restoreValue: row.restore_value === null ? null : (JSON.parse(row.restore_value) as JsonValue),
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

export interface NewSchedule {
  tenantId: string;
  plantId: string;
  key: string;
  value: JsonValue;
  kind: RcScheduleKind;
  date: string | null;
  start: string;
  end: string;
  createdBy: string | null;
}

export async function insertSchedule(db: Kysely<Database>, schedule: NewSchedule, now = Date.now()): Promise<RcScheduleTable> {
  const row: RcScheduleTable = {
    id: randomUUID(),
    tenant_id: schedule.tenantId,
    plant_id: schedule.plantId,
    key: schedule.key,
    value: JSON.stringify(schedule.value),
    kind: schedule.kind,
    date: schedule.date,
    start_time: schedule.start,
    end_time: schedule.end,
    active: 0,
    restore_value: null,
    last_edge_at: null,
    created_by: schedule.createdBy,
    created_at: new Date(now).toISOString(),
  };
  await db.insertInto('rc_schedules').values(row).execute();
  return row;
}

export const listSchedules = (db: Kysely<Database>, plantId: string) =>
  db.selectFrom('rc_schedules').selectAll().where('plant_id', '=', plantId).orderBy('created_at').execute();

/** The value a window's start sets: a force charge runs until the window's end. */
export function startValue(key: string, value: JsonValue, windowEnd: number): JsonValue {
  if (key === 'ForceCharge' && isJsonObject(value)) return { targetSoc: value.targetSoc ?? null, until: new Date(windowEnd).toISOString() };
  return value;
}

/** The value a window's end puts back; a force charge that has run out by then is "off". */
export function restoreValue(key: string, previous: JsonValue, now: number): JsonValue {
  if (key === 'ForceCharge' && isJsonObject(previous)) {
    return typeof previous.until === 'string' && Date.parse(previous.until) > now ? previous : FORCE_CHARGE_OFF;
  }
  return previous;
}

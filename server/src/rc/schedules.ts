// Schedules of a plant's writable keys: stored rows, their view, the rules of a new window, and the
// value a window's edge sets. Creating and deleting need the operator role on the plant and are audited
// in the change's transaction: a change whose audit entry cannot be written is not made.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FORCE_CHARGE_OFF, RC_SCHEDULES_MAX, type RcEndpoints, type RcSchedule, type RcScheduleKind } from '@helio/contracts';
import { plantTarget, recordRequestAudit, type RequestCaller } from '../audit/request-audit';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { isJsonObject, type JsonValue } from '../iot/shadows/json';
import { conflict, plantNotFound, scheduleInvalid, scheduleNotFound } from '../http/errors';
import { findTenantPlant, requirePlantRole, type AccessiblePlant } from '../plants/access';
import { checkValue, ruleFor } from './settings';
import type { RcScheduleTable } from './tables';

const HOUR_MS = 3_600_000;

export function scheduleView(row: RcScheduleTable, suspended = false): RcSchedule {
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
    suspended,
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
  /** Who made it: a user or an API key (by id), and their e-mail or name as the list shows it. */
  creator: { email: string; userId: string | null; keyId: string | null } | null;
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
    created_by: schedule.creator?.email ?? null,
    created_by_user_id: schedule.creator?.userId ?? null,
    created_by_key_id: schedule.creator?.keyId ?? null,
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

/** A schedule's value: as for a change, except that a force charge gives its target only (it ends with the window). */
function checkScheduleValue(key: ReturnType<typeof ruleFor>['key'], value: JsonValue): void {
  if (key !== 'ForceCharge') return checkValue(key, value);
  if (!isJsonObject(value) || Object.keys(value).join() !== 'targetSoc') {
    throw scheduleInvalid('A scheduled ForceCharge gives {"targetSoc"}; it runs until the window ends', 'value', 'forceChargeShape');
  }
  checkValue(key, startValue(key, value, Date.now() + HOUR_MS));
}

type CreateBody = RcEndpoints['rc/schedules/create']['request'];

/** A new window on a plant the caller operates: its value by the key's rule, a real span, at most RC_SCHEDULES_MAX a plant. */
export async function createSchedule(
  db: Kysely<Database>,
  caller: RequestCaller,
  visible: AccessiblePlant,
  body: CreateBody,
): Promise<RcScheduleTable> {
  const { kind, start, end } = body;
  const value = body.value as JsonValue;
  const plant = requirePlantRole(visible, 'operator');
  const { key } = ruleFor(body.key, plant);
  checkScheduleValue(key, value);
  if (start === end) throw scheduleInvalid('A window must end at another time than it starts', 'end', 'emptyWindow');
  if (kind === 'once' && !body.date) throw scheduleInvalid('A one-off window needs its date', 'date', 'dateMissing');
  if ((await listSchedules(db, plant.id)).length >= RC_SCHEDULES_MAX) throw conflict(`A plant has at most ${RC_SCHEDULES_MAX} schedules`);
  return inTransaction(db, async (trx) => {
    const row = await insertSchedule(trx, {
      tenantId: plant.tenant_id,
      plantId: plant.id,
      key,
      value,
      kind,
      date: kind === 'once' ? (body.date ?? null) : null,
      start,
      end,
      creator: {
        email: caller.user.email,
        userId: caller.user.apiKey ? null : caller.user.sub,
        keyId: caller.user.apiKey?.id ?? null,
      },
    });
    await recordRequestAudit(trx, caller, 'devices.schedule_created', plantTarget(plant), { key, value, kind, date: row.date, start, end });
    return row;
  });
}

/** Deletes one of the caller's tenant's schedules on a plant they operate; another tenant's id is not found. */
export async function deleteSchedule(db: Kysely<Database>, caller: RequestCaller, id: string): Promise<void> {
  const row = await db
    .selectFrom('rc_schedules')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', caller.user.tenantId)
    .executeTakeFirst();
  const visible = row ? await findTenantPlant(db, caller.user, row.plant_id) : undefined;
  if (!row || !visible) throw row ? plantNotFound() : scheduleNotFound();
  const plant = requirePlantRole(visible, 'operator');
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('rc_schedules').where('id', '=', row.id).execute();
    await recordRequestAudit(trx, caller, 'devices.schedule_deleted', plantTarget(plant), {
      key: row.key,
      kind: row.kind,
      start: row.start_time,
      end: row.end_time,
    });
  });
}

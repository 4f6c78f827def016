// Alerts in the database: opening (at most one open per plant and kind, enforced by a unique index),
// closing, and the tenant-scoped reads the API serves with each user's read marks.
import { randomUUID } from 'node:crypto';
import type { AlertDetails, AlertKind, Severity } from '@helio/contracts';
import { accessiblePlantIds, seesEveryPlant, type PlantCaller } from '../plants/access';
import type { NotificationsDb } from './notifications-db';

export interface NewAlert {
  tenantId: string;
  plantId: string;
  kind: AlertKind;
  severity: Severity;
  startedAt: Date;
  details: AlertDetails;
}

/** Opens an alert unless one of its plant and kind is open already; the new id, or null when it was. */
export async function openAlert(db: NotificationsDb, alert: NewAlert): Promise<string | null> {
  const id = randomUUID();
  const result = await db
    .insertInto('alerts')
    .values({
      id,
      tenant_id: alert.tenantId,
      plant_id: alert.plantId,
      kind: alert.kind,
      severity: alert.severity,
      started_at: alert.startedAt.toISOString(),
      ended_at: null,
      details: JSON.stringify(alert.details),
    })
    .onConflict((oc) => oc.columns(['plant_id', 'kind']).where('ended_at', 'is', null).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? id : null;
}

/** Ends an open alert; true when this call ended it (another replica may have been first). */
export async function closeAlert(db: NotificationsDb, id: string, endedAt: Date): Promise<boolean> {
  const result = await db
    .updateTable('alerts')
    .set({ ended_at: endedAt.toISOString() })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function openAlerts(db: NotificationsDb): Promise<Array<{ id: string; plantId: string; kind: string }>> {
  const rows = await db.selectFrom('alerts').select(['id', 'plant_id', 'kind']).where('ended_at', 'is', null).execute();
  return rows.map((r) => ({ id: r.id, plantId: r.plant_id, kind: r.kind }));
}

export interface AlertFilter {
  plantId?: string;
  severity?: Severity;
  state?: 'open' | 'closed';
  read?: boolean;
  limit: number;
}

export interface AlertView {
  id: string;
  plantId: string;
  plantName: string;
  kind: AlertKind;
  severity: Severity;
  startedAt: string;
  endedAt: string | null;
  read: boolean;
  details: AlertDetails;
}

/** The alerts of the plants the caller may see (plants/access.ts), each with the caller's read mark. */
function readsOf(db: NotificationsDb, caller: PlantCaller) {
  const query = db
    .selectFrom('alerts')
    .innerJoin('plants', 'plants.id', 'alerts.plant_id')
    .leftJoin('alert_reads', (join) => join.onRef('alert_reads.alert_id', '=', 'alerts.id').on('alert_reads.user_id', '=', caller.sub))
    .where('alerts.tenant_id', '=', caller.tenantId);
  if (seesEveryPlant(caller)) return query;
  return query.where('alerts.plant_id', 'in', accessiblePlantIds(db, caller));
}

/** What every view of an alert shows, from the alert and its plant (joined as `plants`). */
const ALERT_COLUMNS = [
  'alerts.id',
  'alerts.plant_id',
  'plants.name as plant_name',
  'alerts.kind',
  'alerts.severity',
  'alerts.started_at',
  'alerts.ended_at',
] as const;

interface AlertRow {
  id: string;
  plant_id: string;
  plant_name: string;
  kind: string;
  severity: string;
  started_at: string;
  ended_at: string | null;
}

const alertOf = (r: AlertRow) => ({
  id: r.id,
  plantId: r.plant_id,
  plantName: r.plant_name,
  kind: r.kind as AlertKind,
  severity: r.severity as Severity,
  startedAt: r.started_at,
  endedAt: r.ended_at,
});

const parseDetails = (json: string): AlertDetails => {
  try {
    return JSON.parse(json) as AlertDetails;
  } catch {
    return {};
  }
};

/** The alerts of the plants the caller may see, newest first, each with whether the caller has read it. */
export async function listAlerts(db: NotificationsDb, caller: PlantCaller, filter: AlertFilter): Promise<AlertView[]> {
  let query = readsOf(db, caller).select(ALERT_COLUMNS).select(['alerts.details', 'alert_reads.read_at']);
  if (filter.plantId !== undefined) query = query.where('alerts.plant_id', '=', filter.plantId);
  if (filter.severity !== undefined) query = query.where('alerts.severity', '=', filter.severity);
  if (filter.state === 'open') query = query.where('alerts.ended_at', 'is', null);
  if (filter.state === 'closed') query = query.where('alerts.ended_at', 'is not', null);
  if (filter.read === true) query = query.where('alert_reads.read_at', 'is not', null);
  if (filter.read === false) query = query.where('alert_reads.read_at', 'is', null);
  const rows = await query.orderBy('alerts.started_at', 'desc').orderBy('alerts.id').limit(filter.limit).execute();
  return rows.map((r) => ({ ...alertOf(r), read: r.read_at !== null, details: parseDetails(r.details) }));
}

/** Marks the tenant's alerts among `ids` read for the user; answers how many were unread before. */
export async function markRead(db: NotificationsDb, caller: PlantCaller, ids: readonly string[], now = new Date()): Promise<number> {
  const unread = await readsOf(db, caller)
    .select('alerts.id')
    .where('alerts.id', 'in', ids)
    .where('alert_reads.read_at', 'is', null)
    .execute();
  if (unread.length === 0) return 0;
  await db
    .insertInto('alert_reads')
    .values(unread.map((a) => ({ alert_id: a.id, user_id: caller.sub, read_at: now.toISOString() })))
    .onConflict((oc) => oc.columns(['alert_id', 'user_id']).doNothing())
    .execute();
  return unread.length;
}

export async function unreadCount(db: NotificationsDb, caller: PlantCaller): Promise<number> {
  const row = await readsOf(db, caller)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('alert_reads.read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** An alert as the live streams tell of it (cluster/alert-relay.ts), with its organisation. */
export type AlertNews = ReturnType<typeof alertOf> & { tenantId: string };

/** The alerts among `ids` that still exist, with their plant's name, by id. */
export async function alertNews(db: NotificationsDb, ids: readonly string[]): Promise<Map<string, AlertNews>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('alerts')
    .innerJoin('plants', 'plants.id', 'alerts.plant_id')
    .select(ALERT_COLUMNS)
    .select('alerts.tenant_id')
    .where('alerts.id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { ...alertOf(r), tenantId: r.tenant_id }]));
}

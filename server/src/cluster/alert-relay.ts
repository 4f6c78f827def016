// Alert news across replicas: the alert engine (on whichever replica leads it) announces each alert it
// opens or ends on the cluster bus, by ids; every replica with streams of that organisation reads the
// alert and who of its streams' users hears of it now (notifications/alert-audience.ts: plant access,
// module and permission as stored, not as the stream's token said) and tells only them. Changes heard
// within one turn of the event loop are read together: a few reads per organisation for a burst, not per alert.
// A user's changed read marks go to that user's streams as they are. After the bus reconnects, every
// stream is told to read its alerts again, since news of the gap was lost.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AlertStreams } from '../iot/live/alert-streams';
import { hearsAlerts, seesEveryPlantRow, tenantAudience, type AudienceRow } from '../notifications/alert-audience';
import { onAlertChange, onAlertsRead, type AlertChange } from '../notifications/alert-news';
import { alertNews, type AlertNews } from '../notifications/alert-store';
import { notificationsDb } from '../notifications/notifications-db';
import type { ClusterBus } from './bus';

/** Ids per `in (…)` list, well under SQLite's limit of bound values. */
const IDS_PER_READ = 500;

export interface AlertRelay {
  /** Resolves when the news heard so far is told. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export function relayAlertNews(deps: {
  db: Kysely<Database>;
  bus: ClusterBus;
  streams: AlertStreams;
  log: { error(message: string): void };
}): AlertRelay {
  const { streams } = deps;
  const db = notificationsDb(deps.db);
  let pending: AlertChange[] = [];
  let scheduled = false;
  // one batch at a time, so the streams hear the changes in the order they were announced
  let telling: Promise<void> = Promise.resolve();

  const tell = async (changes: AlertChange[]): Promise<void> => {
    try {
      const alerts = await alertsOf(changes.map((c) => c.alertId));
      const byTenant = new Map<string, AlertChange[]>();
      for (const change of changes) byTenant.set(change.tenantId, [...(byTenant.get(change.tenantId) ?? []), change]);
      for (const [tenantId, ofTenant] of byTenant) {
        const userIds = streams.usersOf(tenantId);
        if (userIds.length === 0) continue;
        const plantIds = [...new Set(ofTenant.map((c) => c.plantId))];
        const [users, access] = await Promise.all([audienceOf(tenantId, userIds), accessOf(userIds, plantIds)]);
        const hearing = users.filter(hearsAlerts);
        for (const change of ofTenant) {
          const alert = alerts.get(change.alertId);
          if (!alert || alert.tenantId !== tenantId) continue; // gone with its plant
          for (const user of hearing) {
            if (!seesEveryPlantRow(user) && !access.has(pair(user.id, alert.plantId))) continue;
            streams.sendTo(user.id, { change: change.change, alert: liveAlert(alert) });
          }
        }
      }
    } catch (error) {
      // the streams miss this news; the console's poll of the unread count still brings it
      deps.log.error(`cluster: telling live streams of alerts failed: ${(error as Error).message}`);
    }
  };

  const alertsOf = async (ids: string[]): Promise<Map<string, AlertNews>> => {
    const all = new Map<string, AlertNews>();
    for (const chunk of chunks([...new Set(ids)])) for (const [id, alert] of await alertNews(db, chunk)) all.set(id, alert);
    return all;
  };

  const audienceOf = async (tenantId: string, userIds: string[]): Promise<AudienceRow[]> => {
    const rows: AudienceRow[] = [];
    for (const chunk of chunks(userIds)) rows.push(...(await tenantAudience(db, tenantId).where('users.id', 'in', chunk).execute()));
    return rows;
  };

  const accessOf = async (userIds: string[], plantIds: string[]): Promise<Set<string>> => {
    const pairs = new Set<string>();
    for (const users of chunks(userIds)) {
      for (const plants of chunks(plantIds)) {
        const rows = await db
          .selectFrom('plant_access')
          .select(['user_id', 'plant_id'])
          .where('user_id', 'in', users)
          .where('plant_id', 'in', plants)
          .execute();
        for (const r of rows) pairs.add(pair(r.user_id, r.plant_id));
      }
    }
    return pairs;
  };

  const stopChanges = onAlertChange(deps.bus, (change) => {
    if (streams.usersOf(change.tenantId).length === 0) return; // nobody here to tell: no read
    pending.push(change);
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const batch = pending;
      pending = [];
      telling = telling.then(() => tell(batch));
    });
  });
  const stopReads = onAlertsRead(deps.bus, (userId) => streams.sendTo(userId, { change: 'read' }));
  const stopResync = deps.bus.onResync(() => streams.sendAll({ change: 'resync' }));

  const settled = async () => {
    while (scheduled || pending.length > 0) await new Promise((resolve) => setImmediate(resolve));
    await telling;
  };
  return {
    settled,
    async close() {
      stopChanges();
      stopReads();
      stopResync();
      await settled();
    },
  };
}

const liveAlert = ({ tenantId: _tenantId, ...alert }: AlertNews) => alert;
const pair = (userId: string, plantId: string) => `${userId}\u0000${plantId}`;

function chunks(ids: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_READ) out.push(ids.slice(i, i + IDS_PER_READ));
  return out;
}

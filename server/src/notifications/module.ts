// notifications: the user's schedule (notifications/settings/*) and the notification centre
// (notifications/alerts/*, notifications/thresholds/*).
import type { Kysely } from 'kysely';
import type { ClusterBus } from '../cluster/bus';
import type { Database } from '../db/schema';
import { alertWebhooks } from '../integrations/alert-webhooks';
import type { JobDeps } from '../modules';
import { serverModule, tables } from '../server-module';
import type { NotificationTables } from './tables';
import { notificationsMigration } from './migrations/004-notifications';
import { startAlertEngine } from './alert-engine';
import { alertHandlers } from './alert-routes';
import { notificationsDb } from './notifications-db';
import { settingsHandlers } from './settings-routes';

export const notificationsModule = serverModule({
  name: 'notifications',
  tables: tables<NotificationTables>(),
  migrations: {
    '004_notifications': notificationsMigration,
  },
  // raises and clears alerts from the shadows (one replica), each told to the webhooks
  jobs: ({
    db,
    devices,
    log,
    config,
    leaseTtlMs,
    holder,
  }: Pick<JobDeps, 'db' | 'devices' | 'log' | 'config' | 'leaseTtlMs' | 'holder'>) => [
    startAlertEngine({
      db,
      bus: devices.bus,
      log,
      consoleUrl: config.consoleUrl,
      intervalMs: config.alertTickMs,
      onAlert: alertWebhooks,
      leaseTtlMs,
      holder,
    }),
  ],
  handlers: ({ db, bus }: { db: Kysely<Database>; bus: ClusterBus }) => ({
    ...settingsHandlers(notificationsDb(db)),
    ...alertHandlers(db, bus),
  }),
});

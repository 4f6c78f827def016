// Opening and clearing one alert with everything that goes with it: the alert row, the listener
// (webhooks) and the mails and push messages of those whose schedule is open, in one transaction; the live streams are
// told after the commit. The alert engine raises the kinds it judges on its tick; event-driven kinds
// (an OCPP charger's Faulted status) are raised and cleared here by whoever hears the event.
import type { Kysely } from 'kysely';
import type { ClusterBus } from '../cluster/bus';
import type { Database } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { SEVERITY_OF, type AlertDetails, type AlertKind } from '@helio/contracts';
import { alertRecipients, renderAlertMail } from './alert-mail';
import { announceAlertChange } from './alert-news';
import { closeAlert, openAlert } from './alert-store';
import type { AlertEventSink } from './alert-engine';
import { notificationsDb } from './notifications-db';
import { queueAlertPushes } from '../push/alert-push';
import { DEFAULT_TIME_ZONE, isTimeZone } from './schedule-window';

export interface AlertRaiseDeps {
  db: Kysely<Database>;
  /** This replica's cluster bus: every replica's live streams hear of the alert on it. */
  bus: ClusterBus;
  /** Where users reach the console, for links in mails. */
  consoleUrl: string;
  /** Told of every alert opened and cleared (webhooks). */
  onAlert?: AlertEventSink;
  /** The app's mailer, to deliver at once. */
  mailer?: { kick(): void };
}

export interface AlertPlant {
  id: string;
  tenant_id: string;
  name: string;
  timezone: string;
}

/** Opens the alert and queues its mails in one transaction; null when one of its plant and kind is open already. */
export async function raiseAlert(
  deps: AlertRaiseDeps,
  plant: AlertPlant,
  kind: AlertKind,
  details: AlertDetails,
  at: Date,
): Promise<{ id: string; mailed: number } | null> {
  const raised = await deps.db.transaction().execute(async (trx) => {
    const severity = SEVERITY_OF[kind];
    const id = await openAlert(notificationsDb(trx), {
      tenantId: plant.tenant_id,
      plantId: plant.id,
      kind,
      severity,
      startedAt: at,
      details,
    });
    if (id === null) return null;
    await deps.onAlert?.(trx, {
      type: 'opened',
      alertId: id,
      tenantId: plant.tenant_id,
      plantId: plant.id,
      plantName: plant.name,
      kind,
      severity,
      at,
      details,
    });
    const timeZone = isTimeZone(plant.timezone) ? plant.timezone : DEFAULT_TIME_ZONE;
    const recipients = await alertRecipients(notificationsDb(trx), plant, at, timeZone);
    const facts = { kind, severity, startedAt: at, details, plantName: plant.name, timeZone, consoleUrl: deps.consoleUrl };
    for (const recipient of recipients) await enqueueMail(trx, renderAlertMail(facts, recipient), at);
    // the same recipients' subscribed browsers; the push sender's leader job sends them (push/)
    await queueAlertPushes(
      trx,
      { alertId: id, plantId: plant.id, plantName: plant.name, kind, severity, details, startedAt: at, timeZone },
      recipients,
    );
    return { id, mailed: recipients.length };
  });
  if (raised) {
    announceAlertChange(deps.bus, { alertId: raised.id, tenantId: plant.tenant_id, plantId: plant.id, change: 'opened' });
    if (raised.mailed > 0) deps.mailer?.kick();
  }
  return raised;
}

/** Ends the open alert; false when another replica ended it first. */
export async function clearAlert(
  deps: AlertRaiseDeps,
  plant: Omit<AlertPlant, 'timezone'>,
  alertId: string,
  kind: AlertKind,
  at: Date,
): Promise<boolean> {
  const closed = await deps.db.transaction().execute(async (trx) => {
    if (!(await closeAlert(notificationsDb(trx), alertId, at))) return false;
    await deps.onAlert?.(trx, {
      type: 'cleared',
      alertId,
      tenantId: plant.tenant_id,
      plantId: plant.id,
      plantName: plant.name,
      kind,
      severity: SEVERITY_OF[kind],
      at,
      details: {},
    });
    return true;
  });
  if (closed) announceAlertChange(deps.bus, { alertId, tenantId: plant.tenant_id, plantId: plant.id, change: 'cleared' });
  return closed;
}

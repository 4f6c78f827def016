// A connector that reports Faulted raises the plant's chargerFault alert through the alert machinery
// (the row, webhooks, mails within each user's schedule, the live streams); the same connector's next
// status that is not Faulted clears it. One chargerFault alert is open per plant at a time (the alert
// table's rule), naming the charger and connector that raised it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clearAlert, raiseAlert, type AlertRaiseDeps } from '../notifications/alert-raise';
import { notificationsDb } from '../notifications/notifications-db';
import type { StatusNotificationRequest } from './messages';

export interface FaultingCharger {
  id: string;
  plantId: string;
  name: string;
}

export interface ChargerFaults {
  statusChanged(charger: FaultingCharger, status: StatusNotificationRequest): Promise<void>;
}

export function chargerFaults(deps: AlertRaiseDeps): ChargerFaults {
  const plantOf = (plantId: string) =>
    deps.db.selectFrom('plants').select(['id', 'tenant_id', 'name', 'timezone']).where('id', '=', plantId).executeTakeFirst();
  const openFault = (plantId: string) =>
    notificationsDb(deps.db)
      .selectFrom('alerts')
      .select(['id', 'details'])
      .where('plant_id', '=', plantId)
      .where('kind', '=', 'chargerFault')
      .where('ended_at', 'is', null)
      .executeTakeFirst();

  return {
    async statusChanged(charger, status) {
      const at = new Date(status.timestamp !== undefined && Number.isFinite(Date.parse(status.timestamp)) ? status.timestamp : Date.now());
      if (status.status === 'Faulted') {
        const plant = await plantOf(charger.plantId);
        if (!plant) return;
        await raiseAlert(
          deps,
          plant,
          'chargerFault',
          {
            charger: charger.name,
            chargerId: charger.id,
            connectorId: status.connectorId,
            errorCode: status.errorCode,
            info: status.info ?? null,
            vendorErrorCode: status.vendorErrorCode ?? null,
          },
          at,
        );
        return;
      }
      const open = await openFault(charger.plantId);
      if (!open) return;
      const details = JSON.parse(open.details) as { chargerId?: unknown; connectorId?: unknown };
      if (details.chargerId !== charger.id || details.connectorId !== status.connectorId) return;
      const plant = await plantOf(charger.plantId);
      if (plant) await clearAlert(deps, plant, open.id, 'chargerFault', at);
    },
  };
}

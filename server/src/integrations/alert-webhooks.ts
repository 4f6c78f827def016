// The alert engine's events as webhook events: every alert opened or cleared, and a gateway going
// offline also as plant.offline, to the webhooks whose creator sees the plant. Runs in the engine's
// transaction (notifications/alert-engine.ts).
import type { AlertEventSink } from '../notifications/alert-engine';
import { emitWebhookEvent } from './webhook-events';

export const alertWebhooks: AlertEventSink = async (trx, event) => {
  const alert = {
    id: event.alertId,
    plantId: event.plantId,
    plantName: event.plantName,
    kind: event.kind,
    severity: event.severity,
    details: event.details,
    ...(event.type === 'opened' ? { startedAt: event.at.toISOString() } : { endedAt: event.at.toISOString() }),
  };
  const type = event.type === 'opened' ? 'alert.opened' : 'alert.cleared';
  await emitWebhookEvent(trx, event.tenantId, {
    id: `evt_${type}_${event.alertId}`,
    type,
    data: { alert },
    plantId: event.plantId,
    occurredAt: event.at,
  });
  if (event.type === 'opened' && event.kind === 'gatewayOffline') {
    await emitWebhookEvent(trx, event.tenantId, {
      id: `evt_plant.offline_${event.alertId}`,
      type: 'plant.offline',
      data: { plant: { id: event.plantId, name: event.plantName }, since: event.at.toISOString(), alertId: event.alertId },
      plantId: event.plantId,
      occurredAt: event.at,
    });
  }
};

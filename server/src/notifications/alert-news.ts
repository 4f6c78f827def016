// Tells every replica that an alert opened or ended, or that a user's read marks changed, so the live
// streams of the users concerned hear of it at once wherever they are connected (cluster/alert-relay.ts).
// The message names ids only: each replica reads what its streams' users may see.
import type { ClusterBus } from '../cluster/bus';

export interface AlertChange {
  alertId: string;
  tenantId: string;
  plantId: string;
  change: 'opened' | 'cleared';
}

/** Call after the alert's transaction is committed. */
export function announceAlertChange(bus: ClusterBus, change: AlertChange): void {
  bus.publish('alert', change);
}

/** Call after the read marks are stored. */
export function announceAlertsRead(bus: ClusterBus, userId: string): void {
  bus.publish('alerts-read', { userId });
}

export function onAlertChange(bus: ClusterBus, listener: (change: AlertChange) => void): () => void {
  return bus.subscribe('alert', (change) => listener(change));
}

export function onAlertsRead(bus: ClusterBus, listener: (userId: string) => void): () => void {
  return bus.subscribe('alerts-read', ({ userId }) => listener(userId));
}

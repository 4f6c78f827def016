// Tells every replica that an alert opened or ended, or that a user's read marks changed, so the live
// streams of the users concerned hear of it at once wherever they are connected (cluster/alert-relay.ts).
// The message names ids only: each replica reads what its streams' users may see.
import type { Kysely } from 'kysely';
import { clusterBusOf } from '../cluster/bus-registry';
import type { Database } from '../db/schema';

export interface AlertChange {
  alertId: string;
  tenantId: string;
  plantId: string;
  change: 'opened' | 'cleared';
}

/** Call after the alert's transaction is committed, with the database handle (not a transaction). */
export function announceAlertChange(db: Kysely<Database>, change: AlertChange): void {
  clusterBusOf(db).publish('alert', change);
}

/** Call after the read marks are stored, with the database handle. */
export function announceAlertsRead(db: Kysely<Database>, userId: string): void {
  clusterBusOf(db).publish('alerts-read', { userId });
}

export function onAlertChange(db: Kysely<Database>, listener: (change: AlertChange) => void): () => void {
  return clusterBusOf(db).subscribe('alert', (change) => listener(change));
}

export function onAlertsRead(db: Kysely<Database>, listener: (userId: string) => void): () => void {
  return clusterBusOf(db).subscribe('alerts-read', ({ userId }) => listener(userId));
}

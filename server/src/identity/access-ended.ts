// Announces that a user or one sign-in session lost access: signing out, revoking a session, disabling
// or deleting a user. Open streams (GET /api/live) end on it instead of running until their token
// expires, on every replica: the announcement goes over the cluster bus.
import type { Kysely } from 'kysely';
import { clusterBusOf } from '../cluster/bus-registry';
import type { Database } from '../db/schema';

export type AccessEnded = { userId: string } | { sessionId: string };

export function onAccessEnded(db: Kysely<Database>, listener: (ended: AccessEnded) => void): () => void {
  return clusterBusOf(db).subscribe('access-ended', (ended) => listener(ended));
}

/** Call after the change is committed, with the database handle (not a transaction). */
export function announceAccessEnded(db: Kysely<Database>, ended: AccessEnded): void {
  clusterBusOf(db).publish('access-ended', ended);
}

/** True when the announcement concerns this user or this session. */
export const concerns = (ended: AccessEnded, userId: string, sessionId: string | undefined): boolean =>
  'userId' in ended ? ended.userId === userId : sessionId !== undefined && ended.sessionId === sessionId;

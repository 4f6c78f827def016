// Announces that a user, one sign-in session or one API key lost access: signing out, revoking a
// session, disabling or deleting a user, revoking a key. Open streams (GET /api/live) end on it instead
// of running until their token expires, on every replica: the announcement goes over the cluster bus.
// A key's streams also end with its creator's access (the key never outlives what its maker may do).
import type { ClusterBus } from '../cluster/bus';

export type AccessEnded = { userId: string } | { sessionId: string } | { apiKeyId: string };

/** Whose access a stream rests on: its user and session, or its API key and the key's creator. */
export interface StreamHolder {
  userId: string;
  sessionId?: string;
  apiKey?: { id: string; creatorId: string };
}

export function onAccessEnded(bus: ClusterBus, listener: (ended: AccessEnded) => void): () => void {
  return bus.subscribe('access-ended', (ended) => listener(ended));
}

/** Call after the change is committed (a transaction may still roll back). */
export function announceAccessEnded(bus: ClusterBus, ended: AccessEnded): void {
  bus.publish('access-ended', ended);
}

/** True when the announcement concerns the stream's user, session, key or the key's creator. */
export function concerns(ended: AccessEnded, holder: StreamHolder): boolean {
  if ('apiKeyId' in ended) return holder.apiKey?.id === ended.apiKeyId;
  if ('sessionId' in ended) return holder.sessionId !== undefined && ended.sessionId === holder.sessionId;
  return ended.userId === holder.userId || ended.userId === holder.apiKey?.creatorId;
}

// Announces, in this process, that a user or one sign-in session lost access: signing out, revoking a
// session, disabling or deleting a user. Open streams (GET /api/live) end on it instead of running
// until their token expires. Only this process hears it; other replicas learn it as their streams'
// tokens are checked again.
export type AccessEnded = { userId: string } | { sessionId: string };

type Listener = (ended: AccessEnded) => void;

const listeners = new Set<Listener>();

export function onAccessEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceAccessEnded(ended: AccessEnded): void {
  for (const listener of listeners) listener(ended);
}

/** True when the announcement concerns this user or this session. */
export const concerns = (ended: AccessEnded, userId: string, sessionId: string | undefined): boolean =>
  'userId' in ended ? ended.userId === userId : sessionId !== undefined && ended.sessionId === sessionId;

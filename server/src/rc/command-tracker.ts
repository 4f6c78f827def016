// Confirmation by the device, not by the server: a command is confirmed when the gateway reports the
// value it asked for, i.e. when its key leaves the shadow's delta with the reported value equal to it.
// The replica that stores a report confirms; the conditional update makes a second confirmation a no-op.
import type { Kysely } from 'kysely';
import { isWritableKey } from '@helio/contracts';
import type { Database } from '../db/schema';
import type { ShadowChange, ShadowStore } from '../iot/shadows/shadow-store';
import { computeDelta } from '../iot/shadows/shadow-doc';
import { jsonEqual } from '../iot/shadows/json';
import { confirmCommands } from './commands';

/** Writable keys in sync after the change that were pending before it, or were just desired. */
export function keysNowInSync(change: Pick<ShadowChange, 'previous' | 'doc'>): string[] {
  const { previous, doc } = change;
  const before = computeDelta(previous.state.desired, previous.state.reported);
  const after = computeDelta(doc.state.desired, doc.state.reported);
  return Object.keys(doc.state.desired).filter(
    (key) => isWritableKey(key) && !(key in after) && (key in before || !jsonEqual(previous.state.desired[key], doc.state.desired[key])),
  );
}

export function trackConfirmations(db: Kysely<Database>, shadows: ShadowStore, onError: (error: unknown) => void): () => void {
  return shadows.onChange((change) => {
    if (!change.changed) return;
    for (const key of keysNowInSync(change)) {
      const value = change.doc.state.reported[key];
      if (value === undefined) continue;
      confirmCommands(db, change.thingName, key, value, change.doc.timestamp).catch(onError);
    }
  });
}

// Live streams across replicas: a shadow stored here goes to this replica's streams at once and, as a
// thing name, version and timestamp on the cluster bus, to the others; a replica hearing of one reads the shadow
// (only when one of its streams shows that thing) and pushes it. Reads of one thing do not pile up: a
// burst of notifications while a read runs costs one more read. After the bus reconnects, every shown
// thing is read again, since changes of the gap were not heard.
import type { ClusterBus } from './bus';
import { shadowEvent, type LiveHub } from '../iot/live/live-hub';
import type { ShadowStore } from '../iot/shadows/shadow-store';

export interface LiveRelay {
  /** Resolves when the reads started so far are pushed. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export function relayShadowChanges(deps: {
  bus: ClusterBus;
  shadows: ShadowStore;
  live: LiveHub;
  log: { error(message: string): void };
}): LiveRelay {
  const { bus, shadows, live } = deps;
  const reading = new Map<string, { again: boolean; done: Promise<void> }>();

  const stopLocal = shadows.onChange((change) => {
    // Every stored write goes on the bus, a report that changed no value too (its timestamps did): the
    // other replicas answer shadow reads from memory while the bus tells them nothing changed.
    bus.publish('shadow', { thingName: change.thingName, version: change.doc.version, timestamp: change.doc.timestamp });
    if (change.changed) live.publish(shadowEvent(change.thingName, change.doc));
  });

  const read = async (thingName: string): Promise<void> => {
    try {
      const doc = await shadows.get(thingName);
      if (doc) live.publish(shadowEvent(thingName, doc)); // streams skip versions they already sent
    } catch (error) {
      deps.log.error(`cluster: reading the shadow of ${thingName} for live streams failed: ${(error as Error).message}`);
    }
  };
  const refresh = (thingName: string): void => {
    const running = reading.get(thingName);
    if (running) {
      running.again = true;
      return;
    }
    const entry = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      do {
        entry.again = false;
        await read(thingName);
      } while (entry.again);
      reading.delete(thingName);
    })();
    reading.set(thingName, entry);
  };

  // The store heard this message before us (it subscribed when it was made, before it was handed
  // here), so the read below does not answer the copy the message just made stale.
  const stopRemote = bus.subscribe('shadow', ({ thingName }, origin) => {
    if (origin === 'remote' && live.listenerCount(thingName) > 0) refresh(thingName);
  });
  const stopResync = bus.onResync(() => {
    for (const thingName of live.thingNames()) refresh(thingName);
  });

  const settled = async () => {
    while (reading.size > 0) await Promise.all([...reading.values()].map((r) => r.done));
  };
  return {
    settled,
    async close() {
      stopLocal();
      stopRemote();
      stopResync();
      await settled();
    },
  };
}

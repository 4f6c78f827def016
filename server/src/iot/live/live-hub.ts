// In-process pub/sub of shadow changes keyed by thing name; the live route streams from it.
import { shadowView, type ShadowDocument, type ShadowView } from '../shadows/shadow-doc';

/** One pushed shadow: the same fields as the shadow API answer, plus the thing it belongs to. */
export interface ShadowEvent extends ShadowView {
  thingName: string;
}

export type LiveListener = (event: ShadowEvent) => void;

export function shadowEvent(thingName: string, doc: ShadowDocument): ShadowEvent {
  return { thingName, ...shadowView(doc) };
}

export class LiveHub {
  private readonly listeners = new Map<string, Set<LiveListener>>();

  /** Calls `listener` for every change of the named things; returns the unsubscribe function. */
  subscribe(thingNames: readonly string[], listener: LiveListener): () => void {
    for (const name of thingNames) {
      let set = this.listeners.get(name);
      if (!set) this.listeners.set(name, (set = new Set()));
      set.add(listener);
    }
    return () => {
      for (const name of thingNames) {
        const set = this.listeners.get(name);
        set?.delete(listener);
        if (set?.size === 0) this.listeners.delete(name);
      }
    };
  }

  publish(event: ShadowEvent): void {
    for (const listener of this.listeners.get(event.thingName) ?? []) {
      try {
        listener(event);
      } catch {
        // One broken stream must not keep the others from their update.
      }
    }
  }

  /** The things someone listens to now. */
  thingNames(): string[] {
    return [...this.listeners.keys()];
  }

  /** Number of listeners of a thing, or of all things (shows that closed streams were cleaned up). */
  listenerCount(thingName?: string): number {
    if (thingName !== undefined) return this.listeners.get(thingName)?.size ?? 0;
    let total = 0;
    for (const set of this.listeners.values()) total += set.size;
    return total;
  }
}

// How many reports of each thing a replica dropped since it started (the gateway health answer shows
// it). Keyed by names from outside (a topic may name any thing), so bounded: past MAX_COUNTED_THINGS
// the thing counted or read least recently goes, and counts from 0 if it drops again.
import { BoundedMap } from '../../cache/bounded-map';

export const MAX_COUNTED_THINGS = 10_000;

export class DropCounts {
  private readonly counts: BoundedMap<string, number>;

  constructor(capacity = MAX_COUNTED_THINGS) {
    this.counts = new BoundedMap(capacity);
  }

  count(thingName: string): void {
    this.counts.set(thingName, (this.counts.get(thingName) ?? 0) + 1);
  }

  /** Drops counted for the thing (read, it counts as recently used). */
  of(thingName: string): number {
    return this.counts.get(thingName) ?? 0;
  }

  get size(): number {
    return this.counts.size;
  }
}

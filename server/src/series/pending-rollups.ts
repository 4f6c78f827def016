// Roll-ups gathered per thing before they are merged into the stored buckets: samples added in any
// order and in any number of calls (the journal's drain gathers many batches) make one row a bucket.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ZoneCalendar } from './calendar';
import { addEnergyOf, type ThingShares } from './energy-shares';
import { RollupAccumulator, type HeldSamples, type Rollup } from './rollup';

/** Buckets of one thing, to merge into the stored ones. */
export interface ThingRollups {
  thingName: string;
  rollups: readonly Rollup[];
}

/** What merges the buckets (SeriesWriter): the things' calendars, and the upsert of many things' buckets. */
export interface RollupStore {
  calendarsOf(db: Kysely<Database>, thingNames: readonly string[]): Promise<Map<string, ZoneCalendar>>;
  writeRollupsOf(db: Kysely<Database>, things: readonly ThingRollups[]): Promise<void>;
}

export class PendingRollups {
  private readonly byThing = new Map<string, RollupAccumulator>();
  samples = 0;

  constructor(private readonly store: RollupStore) {}

  async add(db: Kysely<Database>, held: readonly HeldSamples[]): Promise<void> {
    const unseen = held.map((h) => h.thingName).filter((name) => !this.byThing.has(name));
    const calendars = unseen.length > 0 ? await this.store.calendarsOf(db, unseen) : new Map<string, ZoneCalendar>();
    for (const { thingName, samples } of held) {
      let accumulator = this.byThing.get(thingName);
      if (!accumulator) this.byThing.set(thingName, (accumulator = new RollupAccumulator(calendars.get(thingName)!)));
      for (const { sample, previousTs } of samples) accumulator.add(sample, previousTs);
      this.samples += samples.length;
    }
  }

  /** Merges what was gathered into the stored buckets, the energy owed to buckets outside it added to those. */
  async write(db: Kysely<Database>): Promise<void> {
    const rollups: ThingRollups[] = [];
    const shares: ThingShares[] = [];
    for (const [thingName, accumulator] of this.byThing) {
      const drained = accumulator.drain();
      rollups.push({ thingName, rollups: drained.rollups });
      if (drained.shares.length > 0) shares.push({ thingName, shares: drained.shares });
    }
    this.byThing.clear();
    await this.store.writeRollupsOf(db, rollups);
    await addEnergyOf(db, shares);
  }
}

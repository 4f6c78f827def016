// Roll-ups gathered per thing before they are merged into the stored buckets: samples added in any
// order and in any number of calls (the journal's drain gathers many batches) make one row a bucket.
//
// A power sample's energy is its power over its hold, from the sample before it (rollup.ts). Its writer
// found that sample by looking back among the committed ones. On a scaled-out server a shared
// subscription hands a gateway's consecutive reports to two replicas, and the later one may be stored
// first (a batch locks the thing's shadow row, so they are stored one after the other, not at once):
// its hold then reaches back over the earlier report, which counts that stretch again. Samples gathered
// together are therefore chained here in time order: a sample's hold starts no earlier than the
// gathered sample before it. A drain gathers a drain period's batches (ROLLUP_JOURNAL_MS), so reports
// stored out of order within it count their energy once; across two drains they still do not.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ZoneCalendar } from './calendar';
import { addEnergyOf, type ThingShares } from './energy-shares';
import { isPowerMetric, RollupAccumulator, type HeldSample, type HeldSamples, type Rollup } from './rollup';

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
  /** Each thing's power samples by metric, rolled up at write() once their holds are chained. */
  private readonly powerOf = new Map<string, Map<string, HeldSample[]>>();
  samples = 0;

  constructor(private readonly store: RollupStore) {}

  async add(db: Kysely<Database>, held: readonly HeldSamples[]): Promise<void> {
    const unseen = held.map((h) => h.thingName).filter((name) => !this.byThing.has(name));
    const calendars = unseen.length > 0 ? await this.store.calendarsOf(db, unseen) : new Map<string, ZoneCalendar>();
    for (const { thingName, samples } of held) {
      let accumulator = this.byThing.get(thingName);
      if (!accumulator) this.byThing.set(thingName, (accumulator = new RollupAccumulator(calendars.get(thingName)!)));
      let power = this.powerOf.get(thingName);
      for (const held of samples) {
        const key = held.sample.metricKey;
        if (!isPowerMetric(key)) {
          accumulator.add(held.sample);
          continue;
        }
        if (!power) this.powerOf.set(thingName, (power = new Map()));
        const list = power.get(key);
        if (list) list.push(held);
        else power.set(key, [held]);
      }
      this.samples += samples.length;
    }
  }

  /** Merges what was gathered into the stored buckets, the energy owed to buckets outside it added to those. */
  async write(db: Kysely<Database>): Promise<void> {
    const rollups: ThingRollups[] = [];
    const shares: ThingShares[] = [];
    for (const [thingName, byKey] of this.powerOf) {
      const accumulator = this.byThing.get(thingName)!;
      for (const held of byKey.values()) addChained(accumulator, held);
    }
    this.powerOf.clear();
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

/**
 * Adds a metric's gathered samples in time order, each holding from the later of its own hold's start
 * and the sample before it here (the reason is at the top of this file). Samples of consecutive batches
 * mostly come in order already: they are sorted only when they do not.
 */
function addChained(accumulator: RollupAccumulator, held: HeldSample[]): void {
  let ordered = true;
  for (let i = 1; i < held.length && ordered; i++) ordered = held[i - 1]!.sample.ts <= held[i]!.sample.ts;
  if (!ordered) held.sort((a, b) => a.sample.ts - b.sample.ts);
  let before: number | undefined;
  for (const { sample, previousTs } of held) {
    accumulator.add(sample, before === undefined || (previousTs !== undefined && previousTs >= before) ? previousTs : before);
    before = sample.ts;
  }
}

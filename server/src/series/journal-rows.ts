// The roll-up journal's rows (rollup-journal.ts): a batch's stored samples, each with the start of its
// hold, written as one row in the batch's transaction and read back by the drain.
//
// A row names each metric key once and gives a sample's time as an offset from the row's first: a
// sample is then about 18 characters of JSON, not the 50 of [key, time, value, hold] (a batch of 100
// reports of 24 samples: 45 KB instead of 120 KB). Those bytes were a replica's largest write after the
// shadows themselves: sent to PostgreSQL, compressed into TOAST, written to its WAL, read back and
// parsed by the drain. Rows of the earlier shape are still read (a drain after an upgrade).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { HeldSample, HeldSamples } from './rollup';

/**
 * A row's samples: `keys`, the metric keys it names; `from`, its first sample's time; `things`, each
 * thing's name then four numbers a sample (key index, time − from, value, time − its hold's start, or
 * null for a sample without a hold), in the order the batch gave them.
 */
interface JournalRow {
  keys: string[];
  from: number;
  things: (string | number | null)[][];
}

/** The rows' first shape: a thing's samples as [metric key, time, value, hold's start or null]. */
type EarlierEntry = [thingName: string, samples: [metricKey: string, ts: number, value: number, previousTs: number | null][]];

/** Writes the batch's stored samples as one journal row, in the caller's transaction. */
export async function journalSamples(db: Kysely<Database>, held: readonly HeldSamples[]): Promise<void> {
  const text = journalText(held);
  if (text === undefined) return;
  await db.insertInto('rollup_journal').values({ id: randomUUID(), created_at: Date.now(), samples: text }).execute();
}

/** The samples as a journal row holds them, or undefined when there are none. */
export function journalText(held: readonly HeldSamples[]): string | undefined {
  let from = Infinity;
  for (const { samples } of held) for (const { sample } of samples) if (sample.ts < from) from = sample.ts;
  if (from === Infinity) return undefined;
  const keys: string[] = [];
  const indexOf = new Map<string, number>();
  const things = held.map(({ thingName, samples }) => {
    const entry: (string | number | null)[] = [thingName];
    for (const { sample, previousTs } of samples) {
      let index = indexOf.get(sample.metricKey);
      if (index === undefined) {
        index = keys.push(sample.metricKey) - 1;
        indexOf.set(sample.metricKey, index);
      }
      entry.push(index, sample.ts - from, sample.value, previousTs === undefined ? null : sample.ts - previousTs);
    }
    return entry;
  });
  const row: JournalRow = { keys, from, things };
  return JSON.stringify(row);
}

/** A journal row's samples, as journalSamples wrote them (in either shape). */
export function heldOf(json: string): HeldSamples[] {
  const row = JSON.parse(json) as JournalRow | EarlierEntry[];
  if (Array.isArray(row)) return heldOfEarlier(row);
  const { keys, from } = row;
  return row.things.map((entry) => {
    const samples: HeldSample[] = [];
    for (let i = 1; i < entry.length; i += 4) {
      const ts = from + (entry[i + 1] as number);
      const hold = entry[i + 3] as number | null;
      const sample = { metricKey: keys[entry[i] as number]!, ts, value: entry[i + 2] as number };
      samples.push(hold === null ? { sample } : { sample, previousTs: ts - hold });
    }
    return { thingName: entry[0] as string, samples };
  });
}

function heldOfEarlier(entries: EarlierEntry[]): HeldSamples[] {
  return entries.map(([thingName, samples]) => ({
    thingName,
    samples: samples.map(([metricKey, ts, value, previousTs]) => ({
      sample: { metricKey, ts, value },
      ...(previousTs === null ? {} : { previousTs }),
    })),
  }));
}

// The roll-up journal's rows (rollup-journal.ts): a batch's stored samples, each with the start of its
// hold, written as one row in the batch's transaction and read back by the drain.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { HeldSamples } from './rollup';

/** A thing's samples as a journal row holds them: metric key, time, value, the power hold's start or null. */
type JournalEntry = [thingName: string, samples: [metricKey: string, ts: number, value: number, previousTs: number | null][]];

/** Writes the batch's stored samples as one journal row, in the caller's transaction. */
export async function journalSamples(db: Kysely<Database>, held: readonly HeldSamples[]): Promise<void> {
  if (held.every(({ samples }) => samples.length === 0)) return;
  const entries: JournalEntry[] = held.map(({ thingName, samples }) => [
    thingName,
    samples.map(({ sample, previousTs }) => [sample.metricKey, sample.ts, sample.value, previousTs ?? null]),
  ]);
  await db
    .insertInto('rollup_journal')
    .values({ id: randomUUID(), created_at: Date.now(), samples: JSON.stringify(entries) })
    .execute();
}

/** A journal row's samples, as journalSamples wrote them. */
export function heldOf(json: string): HeldSamples[] {
  return (JSON.parse(json) as JournalEntry[]).map(([thingName, entries]) => ({
    thingName,
    samples: entries.map(([metricKey, ts, value, previousTs]) => ({
      sample: { metricKey, ts, value },
      ...(previousTs === null ? {} : { previousTs }),
    })),
  }));
}

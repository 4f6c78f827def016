// Roll-ups gathered from many batches (the journal's drain): a power sample's energy is counted over
// its hold once, whatever order the batches that stored a gateway's reports came in.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ZoneCalendar } from './calendar';
import { PendingRollups, type ThingRollups } from './pending-rollups';
import type { HeldSamples } from './rollup';

const T0 = Date.parse('2025-06-01T10:00:00Z');
const MIN = 60_000;
/** No statement is run: every sample falls in the same hour, so no energy is owed to another bucket. */
const noDb = {} as Kysely<Database>;

/** Gathers the batches in the order given and answers the hour's energy and sample count of each metric. */
async function hourOf(batches: HeldSamples[][]): Promise<Record<string, { energyWh: number; count: number }>> {
  const written: ThingRollups[] = [];
  const pending = new PendingRollups({
    calendarsOf: async (_db, names) => new Map(names.map((name) => [name, new ZoneCalendar('UTC')])),
    writeRollupsOf: async (_db, things) => void written.push(...things),
  });
  for (const batch of batches) await pending.add(noDb, batch);
  await pending.write(noDb);
  const hours = written.flatMap((t) => t.rollups).filter((r) => r.granularity === 'hour');
  return Object.fromEntries(hours.map((r) => [r.metricKey, { energyWh: Math.round(r.energyWh * 1e6) / 1e6, count: r.count }]));
}

/** One report of the gateway: 1 kW of PV and a state of charge, the PV's hold from `previousMin` (as its writer found it). */
const report = (min: number, watts: number, previousMin?: number): HeldSamples[] => [
  {
    thingName: 'gw',
    samples: [
      {
        sample: { metricKey: 'ActPwrPv', ts: T0 + min * MIN, value: watts },
        previousTs: previousMin === undefined ? undefined : T0 + previousMin * MIN,
      },
      { sample: { metricKey: 'BatSoc', ts: T0 + min * MIN, value: 50 } },
    ],
  },
];

describe('PendingRollups', () => {
  // reports at 0, 10 and 20 min; 1,200 W over 10 min is 200 Wh
  const inOrder = [report(0, 600), report(10, 1200, 0), report(20, 1200, 10)];

  it('counts each stretch once when the batches come in time order', async () => {
    expect(await hourOf(inOrder)).toEqual({ ActPwrPv: { energyWh: 400, count: 3 }, BatSoc: { energyWh: 0, count: 3 } });
  });

  it('counts the stretch between two reports once when both writers looked back past each other', async () => {
    // the reports at 10 and 20 min each found the report at 0 before it (neither saw the other)
    expect(await hourOf([report(0, 600), report(10, 1200, 0), report(20, 1200, 0)])).toEqual(await hourOf(inOrder));
  });

  it('counts the stretch once when a report was stored after a later one', async () => {
    // the report at 20 min found 0 before it; the one at 10 came after it and found 0 too
    expect(await hourOf([report(0, 600), report(20, 1200, 0), report(10, 1200, 0)])).toEqual(await hourOf(inOrder));
  });

  it('keeps a hold that begins after the sample gathered before it (a sample merged in an earlier drain lies between)', async () => {
    // the reports at 0 and 20 min in this drain, the one at 10 min merged before: 20's hold begins at 10
    expect((await hourOf([report(0, 600), report(20, 1200, 10)])).ActPwrPv).toEqual({ energyWh: 200, count: 2 });
  });
});

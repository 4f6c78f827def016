// The sources page's messages a minute: each report time of the last five minutes once, whether the
// report is a row of its own (the open hour) or late samples (a row each).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import { SeriesWriter } from '../series/series-writer';
import { databaseTargets } from '../testing/databases';
import { reportsPerMinute } from './sources-store';

const NOW = Date.parse('2025-06-21T10:30:00Z');

describe.each(databaseTargets())('reports a minute on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    for (const thing of ['sources-1', 'sources-2']) await insertPlant(db, tenant, thing);
  });
  afterAll(() => target.destroy());

  it('counts each report time of the last five minutes once, from report rows and late sample rows', async () => {
    const live = new SeriesWriter(undefined, 'direct', () => NOW);
    // sources-1: a report every 10 s for six minutes, and one of them stored again with another key
    for (let ts = NOW - 6 * 60_000 + 10_000; ts <= NOW; ts += 10_000)
      await live.writeSamples(db, 'sources-1', [
        { metricKey: 'ActPwrPve', ts, value: 1 },
        { metricKey: 'BatSoc', ts, value: 2 },
      ]);
    await live.writeSamples(db, 'sources-1', [{ metricKey: 'TempInv', ts: NOW - 60_000, value: 30 }]);
    // sources-2: reports of a closed hour, stored late as sample rows
    const late = new SeriesWriter(undefined, 'direct', () => NOW + 2 * 3_600_000);
    for (let ts = NOW - 4 * 60_000; ts <= NOW; ts += 60_000)
      await late.writeSamples(db, 'sources-2', [{ metricKey: 'BatSoc', ts, value: 3 }]);
    const rates = await reportsPerMinute(db, ['sources-1', 'sources-2', 'sources-3'], NOW);
    expect(Object.fromEntries(rates)).toEqual({ 'sources-1': 6, 'sources-2': 1 });
  });
});

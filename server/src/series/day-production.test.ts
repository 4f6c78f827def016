// 060_day_production: each thing's newest day of PV production, filled in from the roll-ups stored
// before it and kept by triggers for every later write, on both engines.
import { Migrator, sql, type Kysely } from 'kysely';
import { isPostgres } from '../db';
import { migrateToLatest, migrationProvider } from '../db/migrations';
import type { Database } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import type { Rollup } from './rollup';
import { SeriesWriter } from './series-writer';
import { PRODUCTION_METRIC } from './today-energy';

const DAY = 86_400_000;
const YESTERDAY = Date.UTC(2026, 10, 26) - 3_600_000; // midnight in Prague, as the plant's calendar starts it
const TODAY = YESTERDAY + DAY;

const rollup = (granularity: Rollup['granularity'], bucket: number, energyWh: number, metricKey = PRODUCTION_METRIC): Rollup => ({
  granularity,
  metricKey,
  bucket,
  count: 1,
  sum: 100,
  min: 100,
  max: 100,
  lastTs: bucket + 1000,
  last: 100,
  energyWh,
});

describe.each(databaseTargets())('day production on $name', (target) => {
  let db: Kysely<Database>;
  const writer = new SeriesWriter();
  const production = async (thingName: string) =>
    db.selectFrom('day_production').select(['bucket', 'energy_wh']).where('thing_name', '=', thingName).executeTakeFirst();

  beforeAll(async () => {
    db = await target.createEmpty();
    // As migrateToLatest does: PostgreSQL keeps the migration table in this test's own schema.
    const schema = isPostgres(db)
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
    const before = await new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema }).migrateTo(
      '059_gateway_report_versions',
    );
    if (before.error) throw before.error;
    await writer.writeRollups(db, 'stored-before', [
      rollup('day', YESTERDAY, 900),
      rollup('day', TODAY, 400),
      rollup('hour', TODAY, 50),
      rollup('day', TODAY, 7000, 'ActPwrGrid'),
    ]);
    await writer.writeRollups(db, 'only-yesterday', [rollup('day', YESTERDAY, 1200)]);
    await migrateToLatest(db);
  });

  afterAll(() => target.destroy());

  it('holds the newest production day of every thing stored before it, not other metrics or granularities', async () => {
    expect(await production('stored-before')).toEqual({ bucket: TODAY, energy_wh: 400 });
    expect(await production('only-yesterday')).toEqual({ bucket: YESTERDAY, energy_wh: 1200 });
  });

  it('follows each write of the day roll-up: a new day, energy added to it, energy added to its bucket later', async () => {
    await writer.writeRollups(db, 'only-yesterday', [rollup('day', TODAY, 30), rollup('hour', TODAY, 30)]);
    expect(await production('only-yesterday')).toEqual({ bucket: TODAY, energy_wh: 30 });
    await writer.writeRollups(db, 'only-yesterday', [rollup('day', TODAY, 12)]);
    expect(await production('only-yesterday')).toEqual({ bucket: TODAY, energy_wh: 42 });
    await writer.addEnergy(db, 'only-yesterday', [{ granularity: 'day', metricKey: PRODUCTION_METRIC, bucket: TODAY, energyWh: 8 }]);
    expect(await production('only-yesterday')).toEqual({ bucket: TODAY, energy_wh: 50 });
  });

  it('keeps the later day when a late report adds to an earlier one', async () => {
    await writer.writeRollups(db, 'stored-before', [rollup('day', YESTERDAY, 100)]);
    expect(await production('stored-before')).toEqual({ bucket: TODAY, energy_wh: 400 });
  });

  it('forgets the day when its roll-up is deleted, and only that day', async () => {
    await db.deleteFrom('metric_rollups').where('thing_name', '=', 'stored-before').where('bucket', '=', YESTERDAY).execute();
    expect(await production('stored-before')).toEqual({ bucket: TODAY, energy_wh: 400 });
    await db.deleteFrom('metric_rollups').where('thing_name', '=', 'stored-before').execute();
    expect(await production('stored-before')).toBeUndefined();
  });
});

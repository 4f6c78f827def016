// 056_gateway_reports, 057_plant_listing and 059_gateway_report_versions on a database stored before
// them: every shadow gets its gateway report (last report time, firmware and the shadow's version),
// every plant its sort keys and search texts.
import { Migrator, sql, type Insertable } from 'kysely';
import { isPostgres } from '../db';
import { migrateToLatest, migrationProvider } from '../db/migrations';
import type { PlantTable } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import { plantListingColumns } from './listing-columns';

describe.each(databaseTargets())('the listing columns on $name', (target) => {
  afterAll(() => target.destroy());

  it('are filled in for the plants and shadows stored before them', async () => {
    const db = await target.createEmpty();
    // As migrateToLatest does: PostgreSQL keeps the migration table in this test's own schema.
    const schema = isPostgres(db)
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
    const before = await new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema }).migrateTo('050_ev_sessions');
    if (before.error) throw before.error;
    const now = new Date().toISOString();
    await db.insertInto('tenants').values({ id: 't1', name: 'T', created_at: now }).execute();
    const plant = {
      tenant_id: 't1',
      latitude: 49,
      longitude: 16,
      timezone: 'Europe/Prague',
      pv_peak_kw: 5,
      battery_kwh: null,
      charger_kw: null,
      created_at: now,
    };
    // The plants table as 050 left it: without the columns 056 adds.
    await db
      .insertInto('plants')
      .values([
        { ...plant, id: 'p1', name: 'Plzeň – Kancelář', location: 'Plzeň', thing_name: 'old-plzen' },
        { ...plant, id: 'p2', name: 'Čáslav', location: 'Čáslav', thing_name: 'old-caslav' },
      ] as Insertable<PlantTable>[])
      .execute();
    const shadow = (reported: object, metadata: object) => ({
      reported: JSON.stringify(reported),
      desired: '{}',
      metadata: JSON.stringify(metadata),
      version: 3,
      updated_at: now,
    });
    await db
      .insertInto('shadows')
      .values([
        {
          thing_name: 'old-plzen',
          ...shadow(
            { ActPwrPve: 1, FirmwareVersion: '2.1.0', Battery: { Soc: 50 } },
            { reported: { ActPwrPve: { timestamp: 1000 }, FirmwareVersion: { timestamp: 900 }, Battery: { Soc: { timestamp: 2000 } } } },
          ),
        },
        { thing_name: 'old-caslav', ...shadow({}, { desired: { Mode: { timestamp: 5 } } }) },
      ])
      .execute();

    await migrateToLatest(db);

    const plants = await db
      .selectFrom('plants')
      .select(['id', 'name_sort', 'location_sort', 'name_search', 'location_search'])
      .orderBy('id')
      .execute();
    expect(plants).toEqual([
      { id: 'p1', ...plantListingColumns({ name: 'Plzeň – Kancelář', location: 'Plzeň' }) },
      { id: 'p2', ...plantListingColumns({ name: 'Čáslav', location: 'Čáslav' }) },
    ]);
    expect(plants[0]).toMatchObject({ name_search: 'plzen – kancelar', location_search: 'plzen' });
    const reports = await db
      .selectFrom('gateway_reports')
      .select(['thing_name', 'last_reported_at', 'firmware', 'shadow_version'])
      .orderBy('thing_name')
      .execute();
    expect(reports.map((r) => ({ ...r, last_reported_at: r.last_reported_at === null ? null : Number(r.last_reported_at) }))).toEqual([
      { thing_name: 'old-caslav', last_reported_at: null, firmware: null, shadow_version: 3 },
      { thing_name: 'old-plzen', last_reported_at: 2000, firmware: '2.1.0', shadow_version: 3 },
    ]);
  });
});

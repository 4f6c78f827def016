// 078_retire_min_soc on a database stored before it: the plant's own "minimum charge" leaves with its
// column (the battery's floor is the device's BatSocMin), every other setting stays as it was.
import { Migrator, sql, type Kysely } from 'kysely';
import { isPostgres } from '../db';
import { migrateToLatest, migrationProvider } from '../db/migrations';
import { databaseTargets } from '../testing/databases';

describe.each(databaseTargets())('retiring the plant’s minimum charge on $name', (target) => {
  afterAll(() => target.destroy());

  const columnsOfPlants = async (db: Pick<Kysely<unknown>, 'introspection'>): Promise<string[]> => {
    const tables = await db.introspection.getTables();
    return (tables.find((t) => t.name === 'plants')?.columns ?? []).map((c) => c.name);
  };

  it('drops battery_min_soc_pct and keeps the other battery settings; down brings the column back empty', async () => {
    const db = await target.createEmpty();
    // As migrateToLatest does: PostgreSQL keeps the migration table in this test's own schema.
    const schema = isPostgres(db)
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
    const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
    const before = await migrator.migrateTo('077_battery_first');
    if (before.error) throw before.error;
    const now = new Date().toISOString();
    await sql`insert into tenants (id, name, created_at) values ('t1', 'T', ${now})`.execute(db);
    await sql`insert into plants (id, tenant_id, name, location, thing_name, latitude, longitude, timezone, pv_peak_kw,
        battery_kwh, charger_kw, created_at, name_sort, location_sort, name_search, location_search,
        battery_min_soc_pct, battery_max_soc_pct)
      values ('p1', 't1', 'Brno', 'Brno', 'brno-1', 49, 16, 'Europe/Prague', 5, 10, null, ${now}, 'brno', 'brno', 'brno', 'brno', 20, 95)`.execute(
      db,
    );
    expect(await columnsOfPlants(db)).toContain('battery_min_soc_pct');

    await migrateToLatest(db);

    expect(await columnsOfPlants(db)).not.toContain('battery_min_soc_pct');
    const plant = await db
      .selectFrom('plants' as never)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(plant).toMatchObject({ id: 'p1', battery_kwh: 10, battery_max_soc_pct: 95 });

    const down = await migrator.migrateTo('077_battery_first');
    if (down.error) throw down.error;
    const columns = await columnsOfPlants(db);
    expect(columns).toContain('battery_min_soc_pct');
    expect(await sql<{ v: number | null }>`select battery_min_soc_pct as v from plants`.execute(db)).toMatchObject({ rows: [{ v: null }] });
  });
});

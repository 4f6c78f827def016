// 014_devices on a database seeded before it: the demo plants get their devices, other plants none.
import { Migrator, sql, type Insertable } from 'kysely';
import { isPostgres } from '../db';
import { migrateToLatest, migrationProvider } from '../db/migrations';
import type { PlantTable } from '../db/schema';
import { databaseTargets } from '../testing/databases';

describe.each(databaseTargets())('014_devices on $name', (target) => {
  afterAll(() => target.destroy());

  it('gives the demo plants of an existing database their devices, and other plants none', async () => {
    const db = await target.createEmpty();
    // As migrateToLatest does: PostgreSQL keeps the migration table in this test's own schema.
    const schema = isPostgres(db)
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
    const before = await new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema }).migrateTo('011_plant_settings');
    if (before.error) throw before.error;
    const now = new Date().toISOString();
    await db.insertInto('tenants').values({ id: 't1', name: 'T', created_at: now }).execute();
    const plant = {
      tenant_id: 't1',
      name: 'P',
      location: 'L',
      latitude: 49,
      longitude: 16,
      timezone: 'Europe/Prague',
      pv_peak_kw: 24,
      battery_kwh: null,
      charger_kw: 22,
      created_at: now,
    };
    await db
      .insertInto('plants')
      // The plants table as 011 left it: without the columns later migrations add.
      .values([
        { ...plant, id: 'p-demo', thing_name: 'demo-plzen-03' },
        { ...plant, id: 'p-own', thing_name: 'own-plant-01' },
      ] as Insertable<PlantTable>[])
      .execute();

    await migrateToLatest(db);

    const devices = await db.selectFrom('devices').select(['plant_id', 'kind', 'model']).orderBy('kind').execute();
    expect(devices.map((d) => [d.plant_id, d.kind])).toEqual([
      ['p-demo', 'charger'],
      ['p-demo', 'inverter'],
      ['p-demo', 'meter'],
    ]);
  });
});

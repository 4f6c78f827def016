// 070_ocpp on a database that had a plant with one charger whose settings were the plant's shadow keys.
import { Migrator, sql, type Kysely } from 'kysely';
import { isPostgres } from '../db/dialect';
import { migrationProvider } from '../db/migrations';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { hardwareAmps, settingsOfPlant } from './migrations/070-ocpp';
import { ocppDb } from './tables';

async function migratorFor(db: Kysely<Database>): Promise<Migrator> {
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  return new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
}

describe('the EV settings a plant had, as its charger keeps them', () => {
  it('takes each desired key, else the reported one, within the hardware', () => {
    expect(settingsOfPlant({ EvMode: 'solar', EvMaxCurrent: 32 }, { EvMode: 'fast', EvMinCurrent: 8, EvPhases: 1 }, 16)).toEqual({
      mode: 'solar',
      min_current_a: 8,
      max_current_a: 16,
      phases: 1,
      plan_slots: '[]',
    });
    expect(settingsOfPlant({}, { EvMode: 'nonsense', EvMinCurrent: 40 }, 32)).toMatchObject({
      mode: 'fast',
      min_current_a: 6,
      max_current_a: 32,
    });
    expect([hardwareAmps(11), hardwareAmps(22), hardwareAmps(3.7), hardwareAmps(null)]).toEqual([16, 32, 6, 16]);
  });
});

describe.each(databaseTargets())('070_ocpp on $name', (target) => {
  afterAll(() => target.destroy());

  it('makes each charger device a charger, the plant’s first one with the plant’s settings', async () => {
    const db = await target.createEmpty();
    const migrator = await migratorFor(db);
    expect((await migrator.migrateTo('061_plant_name_index')).error).toBeUndefined();
    const tenantId = await insertTenant(db);
    await insertPlant(db, tenantId, 'mig-plant');
    const plant = await db.selectFrom('plants').select('id').where('thing_name', '=', 'mig-plant').executeTakeFirstOrThrow();
    const device = (id: string, name: string, createdAt: string) => ({
      id,
      plant_id: plant.id,
      kind: 'charger' as const,
      name,
      maker: 'Wallbox',
      model: 'Pulsar Plus',
      serial: id,
      firmware: '6.4',
      rated_power_kw: 11,
      capacity_kwh: null,
      live_keys: '[]',
      created_at: createdAt,
      updated_at: createdAt,
    });
    await db
      .insertInto('devices')
      .values([device('d1', 'Garage', '2025-01-01T00:00:00.000Z'), device('d2', 'Drive', '2025-02-01T00:00:00.000Z')])
      .execute();
    await db
      .insertInto('shadows')
      .values({
        thing_name: 'mig-plant',
        reported: JSON.stringify({ EvMode: 'fast', EvMinCurrent: 7, EvPhases: 3 }),
        desired: JSON.stringify({ EvMode: 'minsolar', EvMaxCurrent: 12 }),
        metadata: '{}',
        version: 3,
        updated_at: '2025-03-01T00:00:00.000Z',
      })
      .execute();

    expect((await migrator.migrateTo('070_ocpp')).error).toBeUndefined();
    const chargers = await ocppDb(db).selectFrom('chargers').selectAll().orderBy('created_at').orderBy('charge_point_id').execute();
    expect(chargers.map((c) => [c.device_id, c.charge_point_id, c.name, c.vendor, c.password_hash])).toEqual([
      ['d1', 'mig-plant-ev1', 'Garage', 'Wallbox', null],
      ['d2', 'mig-plant-ev2', 'Drive', 'Wallbox', null],
    ]);
    expect(chargers[0]).toMatchObject({ mode: 'minsolar', min_current_a: 7, max_current_a: 12, phases: 3, hw_max_current_a: 16 });
    expect(chargers[1]).toMatchObject({ mode: 'fast', min_current_a: 6, max_current_a: 16, phases: 0 });
    expect(chargers[0]?.thing_name).toBe(`ocpp-${chargers[0]?.id}`);

    expect((await migrator.migrateDown()).error).toBeUndefined();
    await db.destroy();
  });
});

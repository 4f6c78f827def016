// 012_plant_access on a database that already has users and plants: nobody loses a plant they saw.
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { migrationsByName } from '../db/migrations';
import type { Database, PlantTable, Role } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import { plantAccessMigration } from './migrations/012-plant-access';

describe.each(databaseTargets())('the plant access migration on $name', (target) => {
  afterAll(() => target.destroy());

  it('gives each existing non-administrator every plant of their tenant, and goes down and up again', async () => {
    const db = (await target.createEmpty()) as unknown as Kysely<Database>;
    for (const [name, migration] of Object.entries(migrationsByName()).sort(([a], [b]) => a.localeCompare(b))) {
      if (name < '012_plant_access') await migration.up(db as Kysely<unknown>);
    }
    const now = new Date().toISOString();
    const tenant = async () => {
      const id = randomUUID();
      await db.insertInto('tenants').values({ id, name: id, created_at: now }).execute();
      const plants = [randomUUID(), randomUUID()];
      for (const plantId of plants) {
        await db
          .insertInto('plants')
          .values({
            id: plantId,
            tenant_id: id,
            name: 'P',
            thing_name: `t-${plantId}`,
            location: '',
            latitude: 0,
            longitude: 0,
            timezone: 'UTC',
            pv_peak_kw: 1,
            battery_kwh: null,
            charger_kw: null,
            created_at: now,
          } as Insertable<PlantTable>) // the plants table before 012, without the columns later migrations add
          .execute();
      }
      return { id, plants };
    };
    const user = async (tenantId: string, role: Role, customRoleId: string | null = null) => {
      const id = randomUUID();
      await db
        .insertInto('users')
        .values({
          id,
          tenant_id: tenantId,
          email: `${id}@t.test`,
          name: 'A',
          family_name: 'B',
          picture: null,
          password_hash: 'x',
          role,
          custom_role_id: customRoleId,
          modules: '[]',
          locale: 'cs',
          preferences: '{}',
          status: 'active',
          created_at: now,
          temporary_password_expires_at: null,
          password_changed_at: null,
          last_sign_in_at: null,
        })
        .execute();
      return id;
    };
    const a = await tenant();
    const b = await tenant();
    const roleId = randomUUID();
    await db
      .insertInto('roles')
      .values({
        id: roleId,
        tenant_id: a.id,
        name: 'C',
        name_key: 'c',
        description: '',
        permissions: '[]',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const ids = {
      owner: await user(a.id, 'owner'),
      admin: await user(a.id, 'admin'),
      operator: await user(a.id, 'operator'),
      viewer: await user(a.id, 'viewer'),
      custom: await user(a.id, 'viewer', roleId),
      otherViewer: await user(b.id, 'viewer'),
    };

    await plantAccessMigration.up(db as Kysely<unknown>);
    const rows = await db.selectFrom('plant_access').select(['plant_id', 'user_id', 'role']).execute();
    const of = (userId: string) =>
      rows
        .filter((r) => r.user_id === userId)
        .map((r) => [r.plant_id, r.role])
        .sort();
    expect(of(ids.owner)).toEqual([]);
    expect(of(ids.admin)).toEqual([]);
    expect(of(ids.operator)).toEqual(a.plants.map((p) => [p, 'operator']).sort());
    expect(of(ids.viewer)).toEqual(a.plants.map((p) => [p, 'viewer']).sort());
    expect(of(ids.custom)).toEqual(a.plants.map((p) => [p, 'operator']).sort());
    expect(of(ids.otherViewer)).toEqual(b.plants.map((p) => [p, 'viewer']).sort());

    await plantAccessMigration.down(db as Kysely<unknown>);
    await plantAccessMigration.up(db as Kysely<unknown>);
    expect(await db.selectFrom('plant_access').select('user_id').execute()).toHaveLength(rows.length);
  });
});

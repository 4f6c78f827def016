// 066_schedule_creators on a database with schedules: each takes the id of the user with its stored
// e-mail, or of the tenant's API key with its stored name; a schedule whose maker is gone keeps neither.
import type { Kysely } from 'kysely';
import { migrationsByName } from '../db/migrations';
import { databaseTargets } from '../testing/databases';
import { migratedBefore } from '../testing/migrated-before';

const NAME = '066_schedule_creators';

describe.each(databaseTargets())('the schedule creators migration on $name', (target) => {
  afterAll(() => target.destroy());

  it('links schedules to the user or the key that made them, and no one else', async () => {
    const db = await migratedBefore(target, NAME);
    const now = new Date().toISOString();
    const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await old.insertInto('tenants').values({ id: 't1', name: 't1', created_at: now }).execute();
    await old
      .insertInto('users')
      .values({
        ...{ id: 'u1', tenant_id: 't1', email: 'maker@a.test', name: 'A', family_name: 'B', picture: null, password_hash: '!' },
        ...{ role: 'operator', custom_role_id: null, modules: '[]', locale: 'en', preferences: '{}', status: 'active', created_at: now },
      })
      .execute();
    await old
      .insertInto('api_keys')
      .values({
        ...{ id: 'k1', tenant_id: 't1', name: 'Grafana', scope: 'control', plant_ids: null, secret_hash: 'x', hint: 'h', modules: '[]' },
        ...{ created_at: now, created_by: 'maker@a.test', expires_at: null, last_used_at: null, revoked_at: null, rate_tat: 0 },
      })
      .execute();
    await old
      .insertInto('plants')
      .values({
        ...{ id: 'p1', tenant_id: 't1', name: 'P', thing_name: 'p1', location: 'Brno', latitude: 49, longitude: 16 },
        ...{ timezone: 'Europe/Prague', pv_peak_kw: 5, battery_kwh: null, charger_kw: null, created_at: now },
        ...{ name_sort: 'p', location_sort: 'brno', name_search: 'p', location_search: 'brno' },
      })
      .execute();
    const schedule = (id: string, created_by: string | null) => ({
      ...{ id, tenant_id: 't1', plant_id: 'p1', key: 'ExportLimit', value: '1', kind: 'daily', date: null },
      ...{ start_time: '01:00', end_time: '02:00', active: 0, restore_value: null, last_edge_at: null, created_by, created_at: now },
    });
    await old
      .insertInto('rc_schedules')
      .values([
        schedule('user', 'maker@a.test'),
        schedule('key', 'api-key:Grafana'),
        schedule('gone', 'gone@a.test'),
        schedule('none', null),
      ])
      .execute();

    await migrationsByName()[NAME]?.up(db as Kysely<unknown>);

    const rows = await db.selectFrom('rc_schedules').select(['id', 'created_by_user_id', 'created_by_key_id']).orderBy('id').execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.created_by_user_id, r.created_by_key_id]]))).toEqual({
      gone: [null, null],
      key: [null, 'k1'],
      none: [null, null],
      user: ['u1', null],
    });
  });
});

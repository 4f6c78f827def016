import { sql } from 'kysely';
import { databaseTargets } from '../testing/databases';
import { databaseKindOf, redact, sqliteFileOf } from './index';
import { migrateToLatest, migrationsByName } from './migrations';
import { plantListingColumns } from '../plants/listing-columns';
import { expectRefused } from '../testing/refusal';

describe('database URLs', () => {
  it('tells SQLite and PostgreSQL URLs apart', () => {
    expect(databaseKindOf('sqlite:///data/helio.db')).toBe('sqlite');
    expect(databaseKindOf('postgres://u@h/db')).toBe('postgres');
    expect(databaseKindOf('postgresql://u@h/db')).toBe('postgres');
    expect(() => databaseKindOf('mysql://h/db')).toThrow(/Unsupported database URL/);
  });

  it('maps sqlite URLs to a file path or memory', () => {
    expect(sqliteFileOf('sqlite:///var/lib/helio.db')).toBe('/var/lib/helio.db');
    expect(sqliteFileOf('sqlite::memory:')).toBe(':memory:');
  });

  it('hides the password of a PostgreSQL URL', () => {
    expect(redact('postgres://helio:s3cret@db:5432/helio')).toBe('postgres://helio:***@db:5432/helio');
  });
});

describe.each(databaseTargets())('migrations on $name', (target) => {
  afterAll(() => target.destroy());

  it('creates every core and device table on an empty database, and re-running changes nothing', async () => {
    const db = await target.createEmpty();
    await migrateToLatest(db);
    await migrateToLatest(db);
    // Querying through the connection's own search path proves the tables are in this database/schema.
    for (const table of ['tenants', 'users', 'plants', 'refresh_tokens', 'signing_keys', 'shadows', 'metric_samples']) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
      expect(Number(rows[0]?.n)).toBe(0);
    }
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrationsByName()));
  });

  it('keeps e-mails and thing names unique and rejects unknown roles', async () => {
    const db = await target.create();
    const now = new Date().toISOString();
    await db.insertInto('tenants').values({ id: 't1', name: 'T', created_at: now }).execute();
    const user = {
      id: 'u1',
      tenant_id: 't1',
      email: 'a@b.c',
      name: 'A',
      family_name: 'B',
      picture: null,
      password_hash: 'x',
      role: 'viewer' as const,
      modules: '[]',
      locale: 'cs' as const,
      preferences: '{}',
      status: 'active' as const,
      created_at: now,
    };
    await db.insertInto('users').values(user).execute();
    await expectRefused(
      db
        .insertInto('users')
        .values({ ...user, id: 'u2' })
        .execute(),
      /unique|duplicate/i,
    );
    await expectRefused(
      db
        .insertInto('users')
        .values({ ...user, id: 'u3', email: 'x@b.c', role: 'root' as 'viewer' })
        .execute(),
      /check/i,
    );
    const plant = {
      id: 'p1',
      tenant_id: 't1',
      name: 'P',
      thing_name: 'thing-1',
      location: 'L',
      latitude: 49.2,
      longitude: 16.6,
      timezone: 'Europe/Prague',
      pv_peak_kw: 9.8,
      battery_kwh: null,
      charger_kw: 11,
      created_at: now,
      ...plantListingColumns({ name: 'P', location: 'L' }),
    };
    await db.insertInto('plants').values(plant).execute();
    await expectRefused(
      db
        .insertInto('plants')
        .values({ ...plant, id: 'p2' })
        .execute(),
      /unique|duplicate/i,
    );
    const stored = await db.selectFrom('plants').selectAll().where('id', '=', 'p1').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ pv_peak_kw: 9.8, battery_kwh: null, charger_kw: 11, latitude: 49.2 });
  });

  it('enforces foreign keys: a user of a missing tenant is refused', async () => {
    const db = await target.create();
    await expectRefused(
      db
        .insertInto('users')
        .values({
          id: 'u1',
          tenant_id: 'missing',
          email: 'a@b.c',
          name: 'A',
          family_name: 'B',
          picture: null,
          password_hash: 'x',
          role: 'viewer',
          modules: '[]',
          locale: 'cs',
          preferences: '{}',
          status: 'active',
          created_at: new Date().toISOString(),
        })
        .execute(),
      /foreign key/i,
    );
  });

  it('reads bigint columns back as numbers', async () => {
    const db = await target.create();
    const ts = Date.UTC(2025, 5, 1, 12);
    await db.insertInto('metric_samples').values({ thing_name: 't', metric_key: 'ActPwrPve', ts, value: 1.5 }).execute();
    const row = await db.selectFrom('metric_samples').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ thing_name: 't', metric_key: 'ActPwrPve', ts, value: 1.5 });
    const count = await db
      .selectFrom('metric_samples')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });
});

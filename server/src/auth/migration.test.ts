import { Migrator, sql, type Kysely } from 'kysely';
import { databaseTargets } from '../testing/databases';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import { migrationProvider } from '../db/migrations';

/** A migrator pinned to the test's own schema, as migrateToLatest pins it. */
async function migratorFor(db: Kysely<Database>): Promise<Migrator> {
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  return new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
}

describe.each(databaseTargets())('identity migration on $name', (target) => {
  afterAll(() => target.destroy());

  it('turns refresh-token families issued before it into sessions, revoked where all their tokens are', async () => {
    const db = await target.createEmpty();
    const migrator = await migratorFor(db);
    const before = await migrator.migrateTo('002_devices');
    expect(before.error).toBeUndefined();

    const at = (minute: number) => `2025-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
    await db
      .insertInto('tenants')
      .values({ id: 't', name: 'T', created_at: at(0) })
      .execute();
    await db
      .insertInto('users')
      .values({
        id: 'u',
        tenant_id: 't',
        email: 'u@t',
        name: 'U',
        family_name: 'T',
        picture: null,
        password_hash: 'x',
        role: 'viewer',
        modules: '[]',
        locale: 'cs',
        preferences: '{}',
        status: 'active',
        created_at: at(0),
      })
      .execute();
    const token = (id: string, family: string, minute: number, revoked: string | null) => ({
      id,
      family_id: family,
      user_id: 'u',
      token_hash: id,
      expires_at: '2099-01-01T00:00:00.000Z',
      revoked_at: revoked,
      replaced_by: null,
      created_at: at(minute),
    });
    await db
      .insertInto('refresh_tokens')
      .values([token('a1', 'live', 1, at(2)), token('a2', 'live', 2, null), token('b1', 'dead', 3, at(4))])
      .execute();

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();
    const sessions = await db.selectFrom('sessions').selectAll().orderBy('id').execute();
    expect(sessions).toEqual([
      { id: 'dead', user_id: 'u', user_agent: null, address: null, created_at: at(3), last_used_at: at(3), revoked_at: at(4) },
      { id: 'live', user_id: 'u', user_agent: null, address: null, created_at: at(1), last_used_at: at(2), revoked_at: null },
    ]);
    const user = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      custom_role_id: null,
      temporary_password_expires_at: null,
      last_sign_in_at: null,
      password_changed_at: null,
    });
  });

  it('can be rolled back to the device schema', async () => {
    const db = await target.create();
    const migrator = await migratorFor(db);
    const down = await migrator.migrateTo('002_devices');
    expect(down.error).toBeUndefined();
    // later migrations roll back first; every step down succeeds and 003 is among them
    const steps = down.results?.map((r) => [r.migrationName, r.direction, r.status]) ?? [];
    expect(steps.every(([, direction, status]) => direction === 'Down' && status === 'Success')).toBe(true);
    expect(steps[steps.length - 1]).toEqual(['003_identity', 'Down', 'Success']);
  });
});

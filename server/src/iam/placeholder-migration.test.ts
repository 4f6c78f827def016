// 055_user_placeholders on a database that already has users: every row, index and reference to users
// stays (SQLite rebuilds the table); e-mails become unique among real accounts and within a tenant.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { migrationsByName } from '../db/migrations';
import type { Database } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import { userPlaceholdersMigration } from './migrations/055-user-placeholders';
import { refusal } from '../testing/refusal';

const NAME = '055_user_placeholders';

describe.each(databaseTargets())('the user placeholder migration on $name', (target) => {
  afterAll(() => target.destroy());

  it('keeps users and what refers to them, and lets a placeholder share an address with an account elsewhere', async () => {
    const db = (await target.createEmpty()) as unknown as Kysely<Database>;
    for (const [name, migration] of Object.entries(migrationsByName()).sort(([a], [b]) => a.localeCompare(b))) {
      if (name < NAME) await migration.up(db as Kysely<unknown>);
    }
    const now = new Date().toISOString();
    for (const id of ['t1', 't2', 't3']) await db.insertInto('tenants').values({ id, name: id, created_at: now }).execute();
    const user = (id: string, tenant_id: string, email: string) => ({
      id,
      tenant_id,
      email,
      name: 'A',
      family_name: 'B',
      picture: null,
      password_hash: `hash-${id}`,
      role: 'viewer' as const,
      custom_role_id: null,
      modules: '["monitoring"]',
      locale: 'en' as const,
      preferences: '{}',
      status: 'active' as const,
      created_at: now,
      temporary_password_expires_at: null,
      password_changed_at: null,
      last_sign_in_at: now,
    });
    await db
      .insertInto('users')
      .values([user('u1', 't1', 'ann@x.test'), user('u2', 't2', 'bob@x.test')])
      .execute();
    await db
      .insertInto('sessions')
      .values({ id: 's1', user_id: 'u1', user_agent: null, address: null, created_at: now, last_used_at: now, revoked_at: null })
      .execute();
    const before = await db.selectFrom('users').selectAll().orderBy('id').execute();

    await userPlaceholdersMigration.up(db as Kysely<unknown>);

    expect(await db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(before.map((u) => ({ ...u, placeholder: 0 })));
    expect(await db.selectFrom('sessions').select('id').execute()).toEqual([{ id: 's1' }]);
    // Foreign keys still hold both ways: to tenants, and from sessions (deleting a user takes its sessions).
    expect(
      await refusal(
        db
          .insertInto('users')
          .values(user('u9', 'missing', 'z@x.test'))
          .execute(),
      ),
    ).toMatch(/foreign key/i);
    expect(
      await refusal(
        db
          .insertInto('sessions')
          .values({ id: 's9', user_id: 'missing', user_agent: null, address: null, created_at: now, last_used_at: now, revoked_at: null })
          .execute(),
      ),
    ).toMatch(/foreign key/i);
    if (target.name === 'sqlite') {
      const { rows } = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'index' and tbl_name = 'users' and sql is not null order by name`.execute(db);
      expect(rows.map((r) => r.name)).toEqual([
        'users_custom_role_idx',
        'users_email_account_unique',
        'users_tenant_email_unique',
        'users_tenant_idx',
      ]);
      expect((await sql`pragma foreign_keys`.execute(db)).rows).toEqual([{ foreign_keys: 1 }]);
    }

    // An account's address: unique among accounts, yet a placeholder of another tenant may hold it.
    expect(
      await refusal(
        db
          .insertInto('users')
          .values(user('u3', 't3', 'ann@x.test'))
          .execute(),
      ),
    ).toMatch(/unique|duplicate/i);
    await db
      .insertInto('users')
      .values([
        { ...user('p2', 't2', 'ann@x.test'), placeholder: 1 },
        { ...user('p3', 't3', 'ann@x.test'), placeholder: 1 },
      ])
      .execute();
    // Within a tenant an address is one user, placeholder or not.
    expect(
      await refusal(
        db
          .insertInto('users')
          .values({ ...user('p4', 't1', 'ann@x.test'), placeholder: 1 })
          .execute(),
      ),
    ).toMatch(/unique|duplicate/i);

    await db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await db.selectFrom('sessions').select('id').execute()).toEqual([]);

    await userPlaceholdersMigration.down(db as Kysely<unknown>);
    expect(await db.selectFrom('users').select('id').orderBy('id').execute()).toEqual([{ id: 'u2' }]);
    expect(
      await refusal(
        db
          .insertInto('users')
          .values(user('u4', 't1', 'bob@x.test'))
          .execute(),
      ),
    ).toMatch(/unique|duplicate/i);
    await userPlaceholdersMigration.up(db as Kysely<unknown>);
    expect(await db.selectFrom('users').select(['id', 'placeholder']).execute()).toEqual([{ id: 'u2', placeholder: 0 }]);
  });
});

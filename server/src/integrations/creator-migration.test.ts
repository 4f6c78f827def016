// 062_key_creators on a database with keys and webhooks: each takes the id of its tenant's real account
// with the stored e-mail; a row whose maker is gone (or was in another tenant) keeps null, so it works
// for nobody.
import type { Kysely } from 'kysely';
import { migrationsByName } from '../db/migrations';
import { databaseTargets } from '../testing/databases';
import { migratedBefore } from '../testing/migrated-before';

const NAME = '062_key_creators';

describe.each(databaseTargets())('the key creators migration on $name', (target) => {
  afterAll(() => target.destroy());

  it('links keys and webhooks to their makers by e-mail within the tenant, and no one else', async () => {
    const db = await migratedBefore(target, NAME);
    const now = new Date().toISOString();
    for (const id of ['t1', 't2']) await db.insertInto('tenants').values({ id, name: id, created_at: now }).execute();
    const user = (id: string, tenant_id: string, email: string, placeholder = 0) => ({
      ...{ id, tenant_id, email, name: 'A', family_name: 'B', picture: null, password_hash: '!', role: 'admin' as const },
      ...{ custom_role_id: null, modules: '[]', locale: 'en' as const, preferences: '{}', status: 'active' as const },
      ...{ created_at: now, temporary_password_expires_at: null, placeholder },
    });
    await db
      .insertInto('users')
      .values([user('u1', 't1', 'maker@a.test'), user('u2', 't2', 'elsewhere@b.test'), user('p1', 't1', 'elsewhere@b.test', 1)])
      .execute();
    const key = (id: string, created_by: string | null) => ({
      ...{ id, tenant_id: 't1', name: id, scope: 'read', plant_ids: null, secret_hash: 'x', hint: 'h', modules: '[]' },
      ...{ created_at: now, created_by, expires_at: null, last_used_at: null, revoked_at: null, rate_tat: 0 },
    });
    const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await old
      .insertInto('api_keys')
      .values([key('made', 'maker@a.test'), key('gone', 'gone@a.test'), key('foreign', 'elsewhere@b.test'), key('none', null)])
      .execute();
    await old
      .insertInto('webhooks')
      .values({
        id: 'w1',
        tenant_id: 't1',
        url: 'https://x',
        description: '',
        events: '[]',
        secret: 's',
        enabled: 1,
        created_at: now,
        created_by: 'maker@a.test',
      })
      .execute();

    await migrationsByName()[NAME]?.up(db as Kysely<unknown>);

    const keys = await db.selectFrom('api_keys').select(['id', 'created_by_user_id']).orderBy('id').execute();
    expect(Object.fromEntries(keys.map((k) => [k.id, k.created_by_user_id]))).toEqual({
      made: 'u1',
      gone: null,
      foreign: null,
      none: null,
    });
    const hook = await db.selectFrom('webhooks').select('created_by_user_id').executeTakeFirstOrThrow();
    expect(hook.created_by_user_id).toBe('u1');
  });
});

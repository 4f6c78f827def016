// When each API key's last use was written is kept for a bounded number of keys: past the bound the
// least recently used goes, and its next use is written again (within the minute it would not be).
import type { Kysely } from 'kysely';
import { MODULE_KEYS } from '@helio/contracts';
import type { Database } from '../db/schema';
import { insertTenant } from '../iot/test-fixtures';
import { addUser } from '../iam/test-fixtures';
import { databaseTargets, type TestDatabase } from '../testing/databases';
import { createApiKey } from './api-keys';
import { loadIntegrationsConfig } from './integrations-config';
import { createKeyAuthenticator } from './key-auth';

describe('the API keys’ last use kept', () => {
  const target = databaseTargets()[0] as TestDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  it('stays at the bound, the least recently used key going first', async () => {
    const tenantId = await insertTenant(db);
    const creator = await addUser(db, tenantId, { role: 'admin' });
    const pepper = loadIntegrationsConfig({}).keyPepper;
    const keys: Awaited<ReturnType<typeof createApiKey>>[] = [];
    for (const name of ['k1', 'k2', 'k3'])
      keys.push(
        await createApiKey(db, { tenantId, name, scope: 'read', plantIds: null, expiresAt: null, modules: MODULE_KEYS, creator }, pepper),
      );
    let clock = 1_800_000_000_000;
    const auth = createKeyAuthenticator(db, { pepper, ratePerMinute: 1000, now: () => clock, keepLastUse: 2 });
    const use = async (k: number, at: number) => {
      clock = at;
      await auth.authenticate(keys[k]!.token);
    };
    const lastUsed = async (k: number) =>
      Date.parse(
        (await db.selectFrom('api_keys').select('last_used_at').where('id', '=', keys[k]!.row.id).executeTakeFirstOrThrow()).last_used_at ??
          '',
      );
    const t = clock;
    await use(0, t);
    await use(1, t);
    await use(0, t + 1000); // within the minute: not written, now the most recent
    expect(await lastUsed(0)).toBe(t);
    await use(2, t + 2000); // past the bound: k2 goes
    await use(0, t + 3000);
    expect(await lastUsed(0)).toBe(t); // still kept: not written again within the minute
    await use(1, t + 4000);
    expect(await lastUsed(1)).toBe(t + 4000); // forgotten: written again
  });
});

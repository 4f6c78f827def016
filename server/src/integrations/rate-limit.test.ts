// The API-key budget lives in the key's row, not in a process: whoever asks (any replica) takes from
// the same budget, which refills evenly and says when the next request is free.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import { createApiKey } from './api-keys';
import { takeKeyRequest } from './rate-limit';

describe.each(databaseTargets())('API-key request budget on $name', (target) => {
  let db: Kysely<Database>;
  let keyId: string;
  const PER_MINUTE = 6;
  const T0 = 1_800_000_000_000;

  beforeAll(async () => {
    db = await target.create();
    const tenant = { id: 'budget-tenant' };
    await db.insertInto('tenants').values({ id: tenant.id, name: 'Budget', created_at: new Date().toISOString() }).execute();
    const { row } = await createApiKey(
      db,
      { tenantId: tenant.id, name: 'Budget', scope: 'read', plantIds: null, modules: [], creator: null, expiresAt: null },
      'pepper',
    );
    keyId = row.id;
  });
  afterAll(() => target.destroy());

  it('grants a minute of requests at once, then names the wait', async () => {
    const waits: number[] = [];
    for (let i = 0; i < PER_MINUTE + 2; i++) waits.push(await takeKeyRequest(db, keyId, PER_MINUTE, T0));
    expect(waits.slice(0, PER_MINUTE)).toEqual(Array(PER_MINUTE).fill(0));
    // One request's share of a minute (10 s) until the next is free.
    expect(waits.slice(PER_MINUTE)).toEqual([10, 10]);
  });

  it('refills one request per share of the minute', async () => {
    expect(await takeKeyRequest(db, keyId, PER_MINUTE, T0 + 9_000)).toBe(1);
    expect(await takeKeyRequest(db, keyId, PER_MINUTE, T0 + 10_000)).toBe(0);
    expect(await takeKeyRequest(db, keyId, PER_MINUTE, T0 + 10_000)).toBeGreaterThan(0);
  });
});

// The leader lease on SQLite and PostgreSQL: one holder at a time, renewable by its holder, free
// again after expiry or release, and one winner when many race for it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import { acquireLease, releaseLease, withLease } from './leader-lease';

describe.each(databaseTargets())('leader lease on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  const lease = (holder: string, name = 'job-a') => ({ name, holder, ttlMs: 60_000 });

  test('one holder at a time until the lease expires; the holder may renew it', async () => {
    const now = 1_000_000;
    expect(await acquireLease(db, lease('A'), now)).toBe(true);
    expect(await acquireLease(db, lease('B'), now + 1000)).toBe(false);
    expect(await acquireLease(db, lease('A'), now + 2000)).toBe(true);
    expect(await acquireLease(db, lease('B'), now + 61_000)).toBe(false);
    expect(await acquireLease(db, lease('B'), now + 62_000)).toBe(true);
  });

  test('a released lease is free at once, and only its holder can release it', async () => {
    const now = 5_000_000;
    expect(await acquireLease(db, lease('A', 'job-b'), now)).toBe(true);
    await releaseLease(db, { name: 'job-b', holder: 'B' });
    expect(await acquireLease(db, lease('B', 'job-b'), now + 1)).toBe(false);
    await releaseLease(db, { name: 'job-b', holder: 'A' });
    expect(await acquireLease(db, lease('B', 'job-b'), now + 2)).toBe(true);
  });

  test('of eight replicas racing, exactly one runs the work', async () => {
    let runs = 0;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        withLease(
          db,
          lease(`replica-${i}`, 'job-c'),
          async () => {
            runs++;
            await new Promise((resolve) => setTimeout(resolve, 50));
          },
          { keep: true },
        ),
      ),
    );
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect(runs).toBe(1);
  });

  test('a failed run lets go of the lease even when asked to keep it', async () => {
    await expect(withLease(db, lease('A', 'job-d'), () => Promise.reject(new Error('boom')), { keep: true })).rejects.toThrow('boom');
    expect(await acquireLease(db, lease('B', 'job-d'))).toBe(true);
  });
});

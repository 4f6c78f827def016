// inSnapshotTransaction: one snapshot for the whole transaction, run again when PostgreSQL cannot
// serialise it with a concurrent one (the roll-up rebuild relies on both).
import { sql, type Kysely } from 'kysely';
import { databaseTargets } from '../testing/databases';
import { inSnapshotTransaction } from './dialect';
import type { Database } from './schema';

describe.each(databaseTargets())('inSnapshotTransaction on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
    await sql`create table snapshot_counter (id integer primary key, n integer not null)`.execute(db);
    await sql`insert into snapshot_counter (id, n) values (1, 0)`.execute(db);
  });
  afterAll(() => target.destroy());

  const read = async (trx: Kysely<Database>) =>
    (await sql<{ n: number }>`select n from snapshot_counter where id = 1`.execute(trx)).rows[0]!.n;

  it('counts both of two increments that read the counter at once: the one that cannot be serialised runs again', async () => {
    let attempts = 0;
    let bothRead: () => void = () => undefined;
    const readByBoth = new Promise<void>((resolve) => (bothRead = resolve));
    let reads = 0;
    const increment = () =>
      inSnapshotTransaction(db, async (trx) => {
        attempts++;
        const n = await read(trx);
        // the first attempts wait for each other, so both read 0 (SQLite runs them one after the other)
        if (++reads === 2 || target.name === 'sqlite') bothRead();
        if (reads <= 2) await Promise.race([readByBoth, new Promise((resolve) => setTimeout(resolve, 2000))]);
        await sql`update snapshot_counter set n = ${n + 1} where id = 1`.execute(trx);
      });
    await Promise.all([increment(), increment()]);
    expect(await read(db)).toBe(2);
    expect(attempts).toBe(target.name === 'postgres' ? 3 : 2);
  });

  it('sees one snapshot: a row committed by another connection meanwhile is not read', async () => {
    const seen = await inSnapshotTransaction(db, async (trx) => {
      const before = await read(trx);
      await sql`update snapshot_counter set n = n + 10 where id = 1`.execute(target.name === 'postgres' ? db : trx);
      return [before, await read(trx)];
    });
    if (target.name === 'postgres') expect(seen[1]).toBe(seen[0]);
    else expect(seen[1]).toBe(seen[0]! + 10); // SQLite: the same transaction wrote it
  });

  it('does not run again a transaction that failed for another reason', async () => {
    let attempts = 0;
    await expect(
      inSnapshotTransaction(db, async () => {
        attempts++;
        throw new Error('not a serialisation failure');
      }),
    ).rejects.toThrow('not a serialisation failure');
    expect(attempts).toBe(1);
  });
});

// The cache of which thing names are plants: bounded, so names seen over a day cannot grow a replica.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { insertPlant, insertTenant } from '../test-fixtures';
import { KNOWN_THINGS_CACHED, KnownThings } from './known-things';

const sqlite = databaseTargets().filter((t) => t.name === 'sqlite');

describe.each(sqlite)('KnownThings on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
    await insertPlant(db, await insertTenant(db), 'known-1');
  });
  afterAll(() => target.destroy());

  it('tells plants from other names, and keeps at most its bound of names however many it is asked', async () => {
    const things = new KnownThings(db);
    expect(await things.has('known-1')).toBe(true);
    for (let i = 0; i < KNOWN_THINGS_CACHED + 50; i++) await things.has(`stranger-${i}`);
    expect(things.size).toBe(KNOWN_THINGS_CACHED);
    // the plant asked about first was forgotten, and is found again
    expect(await things.has('known-1')).toBe(true);
    expect(things.size).toBe(KNOWN_THINGS_CACHED);
  }, 120_000);
});

// The shadows a store keeps in memory stay at their bound: past it the least recently read goes.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { databaseTargets, type TestDatabase } from '../../testing/databases';
import { ShadowStore } from './shadow-store';

describe('the shadows kept in memory', () => {
  const target = databaseTargets()[0] as TestDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  it('stay at the bound, the least recently read going first', async () => {
    const things = ['kept-a', 'kept-b', 'kept-c', 'kept-d', 'kept-e'];
    const writer = new ShadowStore(db);
    for (const [i, thing] of things.entries()) await writer.applyReported(thing, { ActPwrPve: i }, 1_000 + i);
    const store = new ShadowStore(db, { keep: 3 });
    for (const thing of things.slice(0, 3)) await store.get(thing);
    expect(store.keptThings()).toEqual(['kept-a', 'kept-b', 'kept-c']);
    await store.get('kept-a'); // read again: now the most recent
    await store.get('kept-d');
    expect(store.keptThings()).toEqual(['kept-c', 'kept-a', 'kept-d']);
    await store.get('kept-e');
    expect(store.keptThings()).toEqual(['kept-a', 'kept-d', 'kept-e']);
    // a shadow that went is read from the database again, the same as before
    expect((await store.get('kept-b'))?.state.reported).toMatchObject({ ActPwrPve: 1 });
    expect(store.keptThings()).toHaveLength(3);
  });
});

// The chargers' verified logins a replica keeps stay at their bound: past it the least recently used
// goes, and its next sign-in runs scrypt again.
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema';
import { databaseTargets, type TestDatabase } from '../testing/databases';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import { addCharger } from './chargers';
import { ChargerAuthenticator } from './credentials';

describe('the verified charger logins kept', () => {
  const target = databaseTargets()[0] as TestDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  it('stay at the bound, the least recently used going first', async () => {
    const thing = `cred-${randomUUID().slice(0, 8)}`;
    await insertPlant(db, await insertTenant(db), thing);
    const plant = await db.selectFrom('plants').select('id').where('thing_name', '=', thing).executeTakeFirstOrThrow();
    const logins: { id: string; password: string }[] = [];
    for (const n of [1, 2, 3])
      logins.push({ id: `CP-BOUND-${n}`, ...(await addCharger(db, { plantId: plant.id, chargePointId: `CP-BOUND-${n}`, name: `C${n}` })) });
    const auth = new ChargerAuthenticator(db, 2);
    const signIn = (k: number) => auth.verify(logins[k]!.id, Buffer.from(logins[k]!.password));
    expect(await signIn(0)).toBeDefined();
    expect(await signIn(1)).toBeDefined();
    expect(await signIn(0)).toBeDefined(); // from memory, now the most recent
    expect(auth.scryptRuns).toBe(2);
    expect(await signIn(2)).toBeDefined(); // past the bound: the second goes
    expect(auth.remembered()).toBe(2);
    expect(auth.scryptRuns).toBe(3);
    await signIn(0);
    expect(auth.scryptRuns).toBe(3); // still kept
    await signIn(1);
    expect(auth.scryptRuns).toBe(4); // forgotten: verified again
    expect(auth.remembered()).toBe(2);
  });
});

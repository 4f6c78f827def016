// "Already taken" on an invite or a new plant names something another organisation has; a tenant can
// ask that only a few times an hour, and while it is locked every invite or plant creation is refused
// alike, so the refusal does not answer the question either.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { addUser, createIdentityApp, errorCode, post, tenantIdOf, tokenFor } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { NAME_PROBE_LIMIT } from './name-probes';

describe.each(databaseTargets())('probing for names of other organisations on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    app = await createIdentityApp(db);
    token = await tokenFor(db, await addUser(db, await tenantIdOf(db, 'Helio Demo'), { role: 'owner' }));
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const invite = (email: string) =>
    post(app, 'iam/users/invite', { email, name: 'Probe', family_name: 'Person', role: 'viewer', modules: [], locale: 'en' }, { token });

  it('locks invitations after too many addresses that are taken, refusing even a free one', async () => {
    for (let i = 0; i < NAME_PROBE_LIMIT.maxFailures; i++) expect(errorCode(await invite('other@other-energy.local'))).toBe('UserExists');
    const free = await invite('nobody-yet@helio.test');
    expect(free.statusCode).toBe(429);
    expect(errorCode(await invite('other@other-energy.local'))).toBe('TooManyAttempts');
    expect(await db.selectFrom('users').select('id').where('email', '=', 'nobody-yet@helio.test').execute()).toEqual([]);
  });
});

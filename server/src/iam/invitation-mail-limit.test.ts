// Invitations mail people who did not ask: an organisation gets 50 an hour, then waits. Past the limit
// every invitation is refused alike, whoever holds the address, and nothing is made or mailed.
import type { ErrorBody } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { addUser, createIdentityApp, post, seededUser, tenantIdOf, tokenFor } from './test-fixtures';
import { databaseTargets } from '../testing/databases';
import { INVITATION_MAIL_LIMIT, invitationMailKey } from './invitation-mail-limit';

describe.each(databaseTargets())('the bound on invitation mails on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let demo: string;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    app = await createIdentityApp(db);
    demo = await tenantIdOf(db, 'Helio Demo');
    token = await tokenFor(db, await seededUser(db, 'admin@helio.local'));
    otherToken = await tokenFor(db, await seededUser(db, 'other@other-energy.local'));
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const invite = (email: string, as = token) =>
    post(app, 'iam/users/invite', { email, name: 'A', family_name: 'B', role: 'viewer', modules: [], locale: 'en' }, { token: as });

  it('refuses the 51st invitation of the hour alike for any address, makes and mails nothing, and spares other organisations', async () => {
    // The organisation has sent 49 in the last hour.
    await db
      .insertInto('sign_in_throttle')
      .values({
        key: invitationMailKey(demo),
        failures: INVITATION_MAIL_LIMIT.maxFailures - 1,
        lockouts: 0,
        last_failure_at: Date.now(),
        locked_until: null,
      })
      .execute();
    expect((await invite('fiftieth@helio.test')).statusCode).toBe(200);

    const refused = [await invite('new-after-limit@helio.test'), await invite('other@other-energy.local')];
    const plantId = (await db.selectFrom('plants').select('id').where('tenant_id', '=', demo).executeTakeFirstOrThrow()).id;
    refused.push(
      await post(
        app,
        'plant/access/invite',
        { id: plantId, email: 'plant-after-limit@helio.test', role: 'viewer', name: 'A', familyName: 'B' },
        { token },
      ),
    );
    for (const answer of refused) {
      expect(answer.statusCode).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(3000);
      expect(answer.json<ErrorBody>().error).toMatchObject({
        code: 'TooManyAttempts',
        message: expect.stringMatching(/^Too many invitations/),
      });
    }
    expect(refused[1]?.body).toBe(refused[0]?.body);
    const addresses = ['new-after-limit@helio.test', 'plant-after-limit@helio.test'];
    expect(await db.selectFrom('users').select('id').where('email', 'in', addresses).execute()).toEqual([]);
    expect(
      await db.selectFrom('users').select('id').where('email', '=', 'other@other-energy.local').where('tenant_id', '=', demo).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('outbox')
        .select('id')
        .where('to', 'in', [...addresses, 'other@other-energy.local'])
        .execute(),
    ).toEqual([]);

    // Giving a plant to someone already in the organisation mails nobody: still allowed.
    const member = await addUser(db, demo);
    const given = await post(app, 'plant/access/invite', { id: plantId, email: member.email, role: 'viewer' }, { token });
    expect([given.statusCode, given.json<{ invited: boolean }>().invited]).toEqual([200, false]);
    expect((await invite('their-own-invitee@helio.test', otherToken)).statusCode).toBe(200);
  });
});

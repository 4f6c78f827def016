import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { addUser, createIdentityApp, errorCode, post, tenantIdOf, tokenFor } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { whileAuditRefused } from '../testing/refused-audit';

describe.each(databaseTargets())('users/profile/update on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let tenantId: string;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    app = await createIdentityApp(db);
    tenantId = await tenantIdOf(db, 'Helio Demo');
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const update = async (body: object) => {
    const user = await addUser(db, tenantId, { role: 'operator' });
    const token = await tokenFor(db, user);
    return { user, token, response: await post(app, 'users/profile/update', body, { token }) };
  };

  it('saves name, family name, picture, language and preferences and answers the merged current user', async () => {
    const { user, token, response } = await update({
      name: ' Věra ',
      family_name: 'Černá',
      picture: 'https://example.com/vera.png',
      locale: 'cs',
      preferences: { sidebarCollapsed: true, theme: 'dark' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      sub: user.id,
      name: 'Věra',
      family_name: 'Černá',
      picture: 'https://example.com/vera.png',
      locale: 'cs',
      preferences: { sidebarCollapsed: true, theme: 'dark' },
      role: 'operator',
      tenant: { name: 'Helio Demo' },
    });
    expect((await post(app, 'users/profile', {}, { token })).json()).toEqual({
      locale: 'cs',
      preferences: { sidebarCollapsed: true, theme: 'dark' },
    });
    expect((await post(app, 'users/info', {}, { token })).json()).toMatchObject({ name: 'Věra', family_name: 'Černá' });
  });

  it('changes only the fields sent, and removes the picture with null', async () => {
    const user = await addUser(db, tenantId);
    const token = await tokenFor(db, user);
    await post(app, 'users/profile/update', { picture: 'data:image/png;base64,iVBORw0KGgo=' }, { token });
    const response = await post(app, 'users/profile/update', { locale: 'cs' }, { token });
    expect(response.json()).toMatchObject({ locale: 'cs', name: 'Test', picture: 'data:image/png;base64,iVBORw0KGgo=' });
    expect((await post(app, 'users/profile/update', { picture: null }, { token })).json()).toMatchObject({ picture: null });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    for (const body of [
      { locale: 'de' },
      { name: '' },
      { name: '   ' },
      { email: 'me@else.where' },
      { role: 'owner' },
      { picture: 'javascript:alert(1)' },
      { picture: 'data:text/html;base64,PGI+' },
      { preferences: ['not', 'an', 'object'] },
      { preferences: { big: 'x'.repeat(20_000) } },
    ]) {
      const { user, response } = await update(body);
      // a picture or preferences the schema lets through are refused with their own code and reason
      const code = 'picture' in body || (body.preferences && !Array.isArray(body.preferences)) ? 'ProfileInvalid' : 'BadRequest';
      expect([body, response.statusCode, errorCode(response)]).toEqual([body, 400, code]);
      if ('picture' in body) expect(response.json().error.details).toEqual({ field: 'picture', reason: 'picture' });
      if (code === 'ProfileInvalid' && 'preferences' in body)
        expect(response.json().error.details).toEqual({ field: 'preferences', reason: 'preferencesSize', maxKb: 16 });
      expect(
        await db.selectFrom('users').select(['name', 'locale', 'picture', 'role']).where('id', '=', user.id).executeTakeFirst(),
      ).toEqual({
        name: 'Test',
        locale: 'en',
        picture: null,
        role: 'operator',
      });
    }
  });

  it('makes no change whose audit entry cannot be written', async () => {
    const user = await addUser(db, tenantId);
    const token = await tokenFor(db, user);
    await whileAuditRefused(db, tenantId, async () => {
      const response = await post(app, 'users/profile/update', { name: 'Never audited', locale: 'cs' }, { token });
      expect(response.statusCode).toBe(500);
    });
    expect(await db.selectFrom('users').select(['name', 'locale']).where('id', '=', user.id).executeTakeFirst()).toEqual({
      name: 'Test',
      locale: 'en',
    });
  });

  it('needs a session', async () => {
    expect((await post(app, 'users/profile/update', { name: 'X' })).statusCode).toBe(401);
  });
});

import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { addUser, createIdentityApp, errorCode, freshAddress, post, tenantIdOf, type TestUser } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { refreshCookieOf } from '../testing/test-app';
import { CHALLENGE_FAILED, TEMPORARY_PASSWORD_EXPIRED } from './auth-routes';
import { NEW_PASSWORD_REQUIRED } from './challenges';

const NEW_PASSWORD = 'My-own-password-2025';
const DAY = 24 * 60 * 60 * 1000;

describe.each(databaseTargets())('new-password-required challenge on $name', (target) => {
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

  const invited = () => addUser(db, tenantId, { temporaryUntil: new Date(Date.now() + 7 * DAY) });
  const signIn = (user: TestUser, password = user.password) =>
    post(app, 'auth/sign-in', { username: user.email, password }, { address: freshAddress() });
  const challengeOf = async (user: TestUser) => {
    const response = await signIn(user);
    expect(response.statusCode).toBe(200);
    return response.json<{ challenge: string; session: string }>();
  };
  const complete = (session: string, newPassword = NEW_PASSWORD) =>
    post(app, 'auth/complete-new-password', { session, newPassword }, { address: freshAddress() });

  it('answers the temporary password with the challenge and a session instead of tokens or a cookie', async () => {
    const user = await invited();
    const response = await signIn(user);
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, string>>();
    expect(Object.keys(body).sort()).toEqual(['challenge', 'session']);
    expect(body.challenge).toBe(NEW_PASSWORD_REQUIRED);
    expect(body.session?.length).toBeGreaterThanOrEqual(40);
    expect(refreshCookieOf(response)).toBeUndefined();
  });

  it('trades the session and a new password for tokens and a cookie; the new password then signs in directly', async () => {
    const user = await invited();
    const { session } = await challengeOf(user);
    const response = await complete(session);
    expect(response.statusCode).toBe(200);
    const { idToken } = response.json<{ idToken: string }>();
    expect(decodeJwt(idToken)).toMatchObject({ sub: user.id, token_use: 'id', sid: expect.any(String) });
    expect(refreshCookieOf(response)).toBeDefined();

    const again = await signIn(user, NEW_PASSWORD);
    expect(Object.keys(again.json<object>()).sort()).toEqual(['accessToken', 'expiresIn', 'idToken']);
    expect(errorCode(await signIn(user))).toBe('NotAuthorized');
    const row = await db
      .selectFrom('users')
      .select(['temporary_password_expires_at', 'password_changed_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.temporary_password_expires_at).toBeNull();
    expect(row.password_changed_at).not.toBeNull();
  });

  it('refuses a new password outside the policy with its message key, and keeps the session usable', async () => {
    const user = await invited();
    const { session } = await challengeOf(user);
    const weak = await complete(session, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      error: {
        code: 'InvalidPassword',
        details: { messageKey: 'passwordPolicy', failures: ['minLength', 'uppercase', 'digit', 'symbol'] },
      },
    });
    const same = await complete(session, user.password);
    expect(same.json()).toMatchObject({ error: { code: 'InvalidPassword', details: { messageKey: 'passwordReused' } } });
    expect((await complete(session)).statusCode).toBe(200);
  });

  it('accepts a session once only', async () => {
    const user = await invited();
    const { session } = await challengeOf(user);
    const answers = await Promise.all([complete(session), complete(session, `${NEW_PASSWORD}x`)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    expect((await complete(session)).json()).toEqual({ error: { code: 'NotAuthorized', message: CHALLENGE_FAILED } });
  });

  it('lets a session expire after 3 minutes', async () => {
    const user = await invited();
    const { session } = await challengeOf(user);
    const row = await db
      .selectFrom('auth_challenges')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(3 * 60 * 1000);
    await db
      .updateTable('auth_challenges')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect(errorCode(await complete(session))).toBe('NotAuthorized');
  });

  it('refuses an unknown session', async () => {
    expect((await complete('not-a-session')).statusCode).toBe(401);
  });

  it('refuses a temporary password older than 7 days: an administrator has to invite again', async () => {
    const user = await addUser(db, tenantId, { temporaryUntil: new Date(Date.now() - 1000) });
    const response = await signIn(user);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'PasswordExpired', message: TEMPORARY_PASSWORD_EXPIRED } });
    // A wrong password still gets the ordinary answer: only the password's owner learns it expired.
    expect(errorCode(await signIn(user, 'Wrong-password-1!'))).toBe('NotAuthorized');
  });
});

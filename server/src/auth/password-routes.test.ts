import type { ErrorBody } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { addUser, createIdentityApp, errorCode, freshAddress, mailsTo, post, tenantIdOf, type TestUser } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { refreshCookieOf } from '../testing/test-app';
import { CODE_MISMATCH, INCORRECT_CURRENT_PASSWORD } from './password-routes';
import * as passwords from './passwords';

// The module's exports are compiled as read-only getters; a plain copy of them can be watched (jest.spyOn).
jest.mock('./passwords', () => ({ __esModule: true, ...jest.requireActual('./passwords') }));

const NEW_PASSWORD = 'Brand-new-password-7';

describe.each(databaseTargets())('password routes on $name', (target) => {
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

  const signIn = async (user: TestUser, password = user.password) => {
    const response = await post(app, 'auth/sign-in', { username: user.email, password }, { address: freshAddress() });
    return { response, idToken: response.json<{ idToken?: string }>().idToken ?? '', cookie: refreshCookieOf(response) ?? '' };
  };
  const codeMailedTo = async (user: TestUser) => {
    const mails = await mailsTo(db, user.email);
    const code = /\b(\d{6})\b/.exec(mails[mails.length - 1]?.text ?? '')?.[1];
    if (!code) throw new Error('no code mailed');
    return code;
  };
  const forgot = (username: string) => post(app, 'auth/forgot-password', { username }, { address: freshAddress() });
  const confirm = (username: string, code: string, newPassword = NEW_PASSWORD) =>
    post(app, 'auth/confirm-forgot-password', { username, code, newPassword }, { address: freshAddress() });

  describe('forgot password', () => {
    it('answers the same for an account and for nobody, and mails a code only to the account', async () => {
      const user = await addUser(db, tenantId);
      const known = await forgot(user.email);
      const unknown = await forgot('nobody@helio.test');
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(known.json()).toEqual(unknown.json());
      expect(await mailsTo(db, 'nobody@helio.test')).toEqual([]);
      expect(await codeMailedTo(user)).toMatch(/^\d{6}$/);
      const stored = await db.selectFrom('password_reset_codes').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(stored.code_hash).toMatch(/^scrypt\$/);
      expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(60 * 60 * 1000);
    });

    it('mails in the user’s language', async () => {
      const czech = await addUser(db, tenantId, { locale: 'cs' });
      const english = await addUser(db, tenantId, { locale: 'en' });
      await forgot(czech.email);
      await forgot(english.email);
      expect((await mailsTo(db, czech.email))[0]).toMatchObject({ language: 'cs', subject: 'Kód pro obnovení hesla do Helio EMS' });
      expect((await mailsTo(db, english.email))[0]).toMatchObject({ language: 'en', subject: 'Your Helio EMS password reset code' });
    });

    it('sets the new password with the code once, signs every session out and sends a notice', async () => {
      const user = await addUser(db, tenantId);
      const before = await signIn(user);
      await forgot(user.email);
      const code = await codeMailedTo(user);
      const response = await confirm(user.email, code);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect((await signIn(user, NEW_PASSWORD)).response.statusCode).toBe(200);
      expect((await post(app, 'auth/refresh', {}, { cookie: before.cookie })).statusCode).toBe(401);
      expect((await post(app, 'users/info', {}, { token: before.idToken })).statusCode).toBe(401);
      expect((await confirm(user.email, code, 'Another-password-8')).json()).toEqual({
        error: { code: 'CodeMismatch', message: CODE_MISMATCH },
      });
      expect((await mailsTo(db, user.email)).map((m) => m.subject)).toContain('Your Helio EMS password was changed');
    });

    it('kills the code after five wrong tries', async () => {
      const user = await addUser(db, tenantId);
      await forgot(user.email);
      const code = await codeMailedTo(user);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) expect(errorCode(await confirm(user.email, wrong))).toBe('CodeMismatch');
      expect(errorCode(await confirm(user.email, code))).toBe('CodeMismatch');
    });

    it('refuses an expired code, a code for nobody, a malformed code and a weak password', async () => {
      const user = await addUser(db, tenantId);
      await forgot(user.email);
      const code = await codeMailedTo(user);
      expect(errorCode(await confirm(user.email, code, 'weak'))).toBe('InvalidPassword');
      expect(errorCode(await confirm('nobody@helio.test', code))).toBe('CodeMismatch');
      expect(errorCode(await confirm(user.email, '12345'))).toBe('BadRequest');
      await db
        .updateTable('password_reset_codes')
        .set({ expires_at: new Date(Date.now() - 1).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      expect(errorCode(await confirm(user.email, code))).toBe('CodeMismatch');
    });

    it('sends at most one code every ten minutes; a newer code replaces the older', async () => {
      const user = await addUser(db, tenantId);
      await forgot(user.email);
      await forgot(user.email);
      expect(await mailsTo(db, user.email)).toHaveLength(1);
      const first = await codeMailedTo(user);
      await db
        .updateTable('password_reset_codes')
        .set({ created_at: new Date(Date.now() - 10 * 60_000 - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      await forgot(user.email);
      const second = await codeMailedTo(user);
      expect(await mailsTo(db, user.email)).toHaveLength(2);
      if (first !== second) expect(errorCode(await confirm(user.email, first))).toBe('CodeMismatch');
      expect((await confirm(user.email, second)).statusCode).toBe(200);
    });

    it('ends a lockout: the owner proved who they are', async () => {
      const user = await addUser(db, tenantId);
      const address = freshAddress();
      const signInFrom = (password: string) => post(app, 'auth/sign-in', { username: user.email, password }, { address });
      for (let i = 0; i < 5; i++) await signInFrom('Wrong-password-1!');
      expect((await signInFrom(user.password)).statusCode).toBe(429);
      await forgot(user.email);
      await confirm(user.email, await codeMailedTo(user));
      expect((await signInFrom(NEW_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('reset throttles', () => {
    const fromAddress = (path: string, body: object, address: string) => post(app, `auth/${path}`, body, { address });
    const hashes = () => jest.spyOn(passwords, 'hashPassword');

    it('refuses a sixth code request for one account within the hour, from any address, without hashing', async () => {
      const user = await addUser(db, tenantId);
      for (let i = 0; i < 5; i++) expect((await forgot(user.email)).statusCode).toBe(200);
      const spy = hashes();
      try {
        const refused = await forgot(user.email);
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['retry-after']).toBeDefined();
        expect(refused.json()).toMatchObject({ error: { code: 'ResetLocked', details: { messageKey: 'resetLocked' } } });
        expect(refused.json<ErrorBody>().error.message).toMatch(/ask for a new code/);
        expect(spy).not.toHaveBeenCalled();
      } finally {
        spy.mockRestore();
      }
    });

    it('throttles one address asking for codes of many accounts before any scrypt runs', async () => {
      const address = freshAddress();
      for (let i = 0; i < 20; i++)
        expect((await fromAddress('forgot-password', { username: `n${i}@nowhere.test` }, address)).statusCode).toBe(200);
      const spy = hashes();
      const verify = jest.spyOn(passwords, 'verifyPassword');
      try {
        const parallel = await Promise.all(
          Array.from({ length: 16 }, (_, i) => fromAddress('forgot-password', { username: `m${i}@nowhere.test` }, address)),
        );
        expect(parallel.map((r) => r.statusCode)).toEqual(Array(16).fill(429));
        const confirmBody = { username: 'x@nowhere.test', code: '123456', newPassword: NEW_PASSWORD };
        const confirmAddress = freshAddress();
        for (let i = 0; i < 30; i++)
          await fromAddress('confirm-forgot-password', { ...confirmBody, username: `c${i}@nowhere.test` }, confirmAddress);
        verify.mockClear();
        expect((await fromAddress('confirm-forgot-password', confirmBody, confirmAddress)).statusCode).toBe(429);
        expect(spy).not.toHaveBeenCalled();
        expect(verify).not.toHaveBeenCalled();
      } finally {
        spy.mockRestore();
        verify.mockRestore();
      }
    }, 120_000); // fifty scrypt-backed calls before the throttle bites, on a shared machine

    it('gives an account ten code tries a day over all its codes, then kills the code and says what to do', async () => {
      const user = await addUser(db, tenantId);
      await forgot(user.email);
      let code = await codeMailedTo(user);
      const wrong = (c: string) => (c === '000000' ? '111111' : '000000');
      for (let i = 0; i < 5; i++) expect(errorCode(await confirm(user.email, wrong(code)))).toBe('CodeMismatch');
      // a fresh code does not bring fresh tries
      await db
        .updateTable('password_reset_codes')
        .set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      await forgot(user.email);
      code = await codeMailedTo(user);
      for (let i = 0; i < 4; i++) expect(errorCode(await confirm(user.email, wrong(code)))).toBe('CodeMismatch');
      const tenth = await confirm(user.email, wrong(code));
      expect(tenth.statusCode).toBe(429);
      expect(errorCode(tenth)).toBe('ResetLocked');
      expect(await db.selectFrom('password_reset_codes').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
      expect(errorCode(await confirm(user.email, code))).toBe('ResetLocked');
    });

    it('a right code starts the account’s tries again', async () => {
      const user = await addUser(db, tenantId);
      await forgot(user.email);
      const code = await codeMailedTo(user);
      for (let i = 0; i < 4; i++) await confirm(user.email, code === '000000' ? '111111' : '000000');
      expect((await confirm(user.email, code)).statusCode).toBe(200);
      const row = await db
        .selectFrom('sign_in_throttle')
        .select('key')
        .where('key', '=', `reset-confirm-account:${user.email}`)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });
  });

  describe('change password', () => {
    const change = (token: string, currentPassword: string, newPassword: string, address = freshAddress()) =>
      post(app, 'auth/change-password', { currentPassword, newPassword }, { token, address });

    it('changes the password, keeps this session and signs the others out', async () => {
      const user = await addUser(db, tenantId);
      const other = await signIn(user);
      const here = await signIn(user);
      const response = await change(here.idToken, user.password, NEW_PASSWORD);
      expect(response.statusCode).toBe(200);
      expect((await post(app, 'users/info', {}, { token: here.idToken })).statusCode).toBe(200);
      expect((await post(app, 'auth/refresh', {}, { cookie: here.cookie })).statusCode).toBe(200);
      expect((await post(app, 'users/info', {}, { token: other.idToken })).statusCode).toBe(401);
      expect((await post(app, 'auth/refresh', {}, { cookie: other.cookie })).statusCode).toBe(401);
      expect((await signIn(user, NEW_PASSWORD)).response.statusCode).toBe(200);
      expect((await mailsTo(db, user.email)).map((m) => m.subject)).toEqual(['Your Helio EMS password was changed']);
    });

    it('refuses a wrong current password with 400, not 401 (the session is fine)', async () => {
      const user = await addUser(db, tenantId);
      const { idToken } = await signIn(user);
      const response = await change(idToken, 'Wrong-password-1!', NEW_PASSWORD);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'IncorrectPassword', message: INCORRECT_CURRENT_PASSWORD } });
    });

    it('counts wrong current passwords towards the sign-in lockout', async () => {
      const user = await addUser(db, tenantId);
      const { idToken } = await signIn(user);
      const codes = [];
      const address = freshAddress();
      for (let i = 0; i < 6; i++) codes.push((await change(idToken, 'Wrong-password-1!', NEW_PASSWORD, address)).statusCode);
      expect(codes).toEqual([400, 400, 400, 400, 429, 429]);
    });

    it('refuses a new password outside the policy or equal to the current one', async () => {
      const user = await addUser(db, tenantId);
      const { idToken } = await signIn(user);
      expect((await change(idToken, user.password, 'alllowercase-and-long')).json()).toMatchObject({
        error: { code: 'InvalidPassword', details: { failures: ['uppercase', 'digit'] } },
      });
      expect((await change(idToken, user.password, user.password)).json()).toMatchObject({
        error: { code: 'InvalidPassword', details: { messageKey: 'passwordReused' } },
      });
    });

    it('needs a session', async () => {
      expect((await post(app, 'auth/change-password', { currentPassword: 'a', newPassword: 'b' })).statusCode).toBe(401);
    });
  });
});

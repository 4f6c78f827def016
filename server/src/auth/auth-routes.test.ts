import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { databaseTargets } from '../testing/databases';
import { whileAuditRefused } from '../testing/refused-audit';
import { apiPost, createTestApp, refreshCookieOf, signIn } from '../testing/test-app';
import { REFRESH_COOKIE, SIGN_IN_FAILED } from './auth-routes';
import * as passwords from './passwords';
import { hashRefreshToken, REFRESH_GRACE_MS, SESSION_MAX_LIFETIME_MS } from './refresh-tokens';

// The module's exports are compiled as read-only getters; a plain copy of them can be watched (jest.spyOn).
jest.mock('./passwords', () => ({ __esModule: true, ...jest.requireActual('./passwords') }));

const ADMIN = { username: 'admin@helio.local', password: 'Helio-admin-2024!' };

describe.each(databaseTargets())('auth routes on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    app = await createTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const refresh = (cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: {},
      cookies: cookie ? { [REFRESH_COOKIE]: cookie } : {},
    });

  describe('sign-in', () => {
    it('answers ID and access tokens and sets the http-only refresh cookie', async () => {
      const response = await apiPost(app, 'auth/sign-in', ADMIN);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<{ idToken: string; accessToken: string; expiresIn: number }>();
      expect(Object.keys(body).sort()).toEqual(['accessToken', 'expiresIn', 'idToken']);
      expect(body.expiresIn).toBe(900);

      const user = await db.selectFrom('users').select(['id', 'tenant_id']).where('email', '=', ADMIN.username).executeTakeFirstOrThrow();
      const id = decodeJwt(body.idToken);
      expect(id).toMatchObject({
        sub: user.id,
        email: ADMIN.username,
        tenant_id: user.tenant_id,
        token_use: 'id',
        iss: 'helio-ems',
        aud: 'helio-console',
      });
      expect((id.exp ?? 0) - (id.iat ?? 0)).toBe(900);
      expect(decodeJwt(body.accessToken)).toMatchObject({ sub: user.id, token_use: 'access', aud: 'helio-console' });

      const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE);
      expect(cookie).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict', maxAge: 30 * 24 * 3600 });
      expect(cookie?.secure).toBeUndefined();
      // Only a hash of the refresh token is stored.
      const stored = await db.selectFrom('refresh_tokens').select('token_hash').where('user_id', '=', user.id).execute();
      expect(stored.map((r) => r.token_hash)).toContain(hashRefreshToken(cookie?.value ?? ''));
      expect(stored.map((r) => r.token_hash)).not.toContain(cookie?.value);
    });

    it('starts no session when its audit entry cannot be written', async () => {
      const user = await db.selectFrom('users').select(['id', 'tenant_id']).where('email', '=', ADMIN.username).executeTakeFirstOrThrow();
      const sessions = () => db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
      const before = await sessions();
      await whileAuditRefused(db, user.tenant_id, async () => {
        const response = await apiPost(app, 'auth/sign-in', ADMIN);
        expect(response.statusCode).toBe(500);
        expect(refreshCookieOf(response)).toBeUndefined();
      });
      expect(await sessions()).toEqual(before);
    });

    it('treats the username case-insensitively', async () => {
      const response = await apiPost(app, 'auth/sign-in', { ...ADMIN, username: ' Admin@Helio.Local ' });
      expect(response.statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown user identically: 401 NotAuthorized, no cookie', async () => {
      const wrong = await apiPost(app, 'auth/sign-in', { ...ADMIN, password: 'nope' });
      const unknown = await apiPost(app, 'auth/sign-in', { username: 'nobody@helio.local', password: 'nope' });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: { code: 'NotAuthorized', message: SIGN_IN_FAILED } });
        expect(refreshCookieOf(response)).toBeUndefined();
      }
      expect(SIGN_IN_FAILED).toBe('Incorrect username or password');
    });

    it('spends the same scrypt work on an unknown user as on a wrong password: one check against a decoy hash of the same cost', async () => {
      // Counted, not timed: each sign-in verifies exactly one hash, and an unknown user's is the decoy,
      // whose scrypt parameters (N, r, p) are a real account's, so the two cost the same time.
      const verify = jest.spyOn(passwords, 'verifyPassword');
      try {
        await apiPost(app, 'auth/sign-in', { username: ADMIN.username, password: 'wrong-password' });
        await apiPost(app, 'auth/sign-in', { username: 'ghost@helio.local', password: 'wrong-password' });
        expect(verify).toHaveBeenCalledTimes(2);
        const [[, known], [, decoy]] = verify.mock.calls;
        const cost = (stored: string) => stored.split('$').slice(0, 4);
        expect(decoy).not.toBe(known);
        expect(cost(decoy)).toEqual(cost(known));
        expect(cost(decoy)[0]).toBe('scrypt');
      } finally {
        verify.mockRestore();
      }
    });

    it('refuses a disabled user with 403 UserDisabled, but only when the password is right', async () => {
      await db.updateTable('users').set({ status: 'disabled' }).where('email', '=', 'viewer@helio.local').execute();
      try {
        const right = await apiPost(app, 'auth/sign-in', { username: 'viewer@helio.local', password: 'Helio-viewer-2024!' });
        expect(right.statusCode).toBe(403);
        expect(right.json()).toMatchObject({ error: { code: 'UserDisabled' } });
        const wrong = await apiPost(app, 'auth/sign-in', { username: 'viewer@helio.local', password: 'guess' });
        expect(wrong.statusCode).toBe(401);
      } finally {
        await db.updateTable('users').set({ status: 'active' }).where('email', '=', 'viewer@helio.local').execute();
      }
    });

    it('marks the cookie Secure when SECURE_COOKIES is on', async () => {
      const secureApp = await createTestApp(db, { secureCookies: true });
      try {
        const response = await apiPost(secureApp, 'auth/sign-in', ADMIN);
        expect(response.cookies.find((c) => c.name === REFRESH_COOKIE)?.secure).toBe(true);
      } finally {
        await secureApp.close();
      }
    });
  });

  describe('refresh', () => {
    it('issues new tokens and rotates the cookie', async () => {
      const session = await signIn(app, ADMIN.username, ADMIN.password);
      const response = await refresh(session.refreshCookie);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ idToken: string; accessToken: string; expiresIn: number }>();
      expect(body.expiresIn).toBe(900);
      expect(decodeJwt(body.idToken)).toMatchObject({ email: ADMIN.username, token_use: 'id' });
      const rotated = refreshCookieOf(response);
      expect(rotated).toBeDefined();
      expect(rotated).not.toBe(session.refreshCookie);
      expect((await refresh(rotated)).statusCode).toBe(200);
    });

    it('revokes the whole family when an already rotated token comes back after the grace window', async () => {
      const session = await signIn(app, ADMIN.username, ADMIN.password);
      const first = await refresh(session.refreshCookie);
      const current = refreshCookieOf(first);
      expect(first.statusCode).toBe(200);
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: new Date(Date.now() - REFRESH_GRACE_MS - 1000).toISOString() })
        .where('token_hash', '=', hashRefreshToken(session.refreshCookie))
        .execute();

      const replay = await refresh(session.refreshCookie);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ error: { code: 'Unauthorized' } });
      // The legitimate holder's newer token died with the family.
      expect((await refresh(current)).statusCode).toBe(401);
    });

    it('lets two tabs refreshing at once with one token both go on, once: a third use ends the session', async () => {
      const session = await signIn(app, ADMIN.username, ADMIN.password);
      const answers = await Promise.all([refresh(session.refreshCookie), refresh(session.refreshCookie)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const tokens = answers.map((a) => refreshCookieOf(a));
      expect(new Set(tokens).size).toBe(2);
      expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
      for (const token of tokens) expect((await refresh(token)).statusCode).toBe(401);
    });

    it('ends a session at its absolute lifetime however often it was refreshed', async () => {
      const session = await signIn(app, ADMIN.username, ADMIN.password);
      const sessionId = (decodeJwt(session.idToken) as { sid?: string }).sid ?? '';
      const startedAgo = (ms: number) =>
        db
          .updateTable('sessions')
          .set({ created_at: new Date(Date.now() - ms).toISOString() })
          .where('id', '=', sessionId)
          .execute();
      await startedAgo(SESSION_MAX_LIFETIME_MS - 3_600_000); // an hour left
      const late = await refresh(session.refreshCookie);
      expect(late.statusCode).toBe(200);
      const cookie = late.cookies.find((c) => c.name === REFRESH_COOKIE);
      expect(cookie?.maxAge).toBeLessThanOrEqual(3600);
      await startedAgo(SESSION_MAX_LIFETIME_MS + 1000);
      const over = await refresh(refreshCookieOf(late));
      expect(over.statusCode).toBe(401);
      expect(over.json()).toMatchObject({ error: { message: 'Refresh token expired' } });
      expect((await apiPost(app, 'users/info', {}, session.idToken)).statusCode).toBe(401);
    });

    it('gives a rotated token its grace use only within seconds, and never after sign-out', async () => {
      const session = await signIn(app, ADMIN.username, ADMIN.password);
      const first = await refresh(session.refreshCookie);
      expect((await refresh(session.refreshCookie)).statusCode).toBe(200); // the second tab, a moment later
      expect((await refresh(refreshCookieOf(first))).statusCode).toBe(200);

      const other = await signIn(app, ADMIN.username, ADMIN.password);
      const rotated = await refresh(other.refreshCookie);
      const signOut = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        payload: {},
        cookies: { [REFRESH_COOKIE]: refreshCookieOf(rotated) ?? '' },
      });
      expect(signOut.statusCode).toBe(200);
      expect((await refresh(other.refreshCookie)).statusCode).toBe(401);
    });

    it('answers 401 without a cookie, for an unknown cookie and for an expired token', async () => {
      expect((await refresh()).statusCode).toBe(401);
      const unknown = await refresh('not-a-real-token');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toMatchObject({ error: { code: 'Unauthorized' } });

      const session = await signIn(app, ADMIN.username, ADMIN.password);
      await db
        .updateTable('refresh_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashRefreshToken(session.refreshCookie))
        .execute();
      const expired = await refresh(session.refreshCookie);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ error: { message: 'Refresh token expired' } });

      // The next sign-in sweeps expired tokens away: they can never be used again.
      await signIn(app, ADMIN.username, ADMIN.password);
      const left = await db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('token_hash', '=', hashRefreshToken(session.refreshCookie))
        .execute();
      expect(left).toEqual([]);
    });

    it('refuses the refresh of a user disabled since sign-in and ends the session', async () => {
      const session = await signIn(app, 'operator@helio.local', 'Helio-operator-2024!');
      await db.updateTable('users').set({ status: 'disabled' }).where('email', '=', 'operator@helio.local').execute();
      try {
        const response = await refresh(session.refreshCookie);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ error: { code: 'UserDisabled' } });
      } finally {
        await db.updateTable('users').set({ status: 'active' }).where('email', '=', 'operator@helio.local').execute();
      }
      expect((await refresh(refreshCookieOf(await refresh(session.refreshCookie)))).statusCode).toBe(401);
    });
  });

  describe('sign-out', () => {
    it('revokes the session family and clears the cookie, without a bearer token', async () => {
      const session = await signIn(app, ADMIN.username, ADMIN.password);
      const rotated = refreshCookieOf(await refresh(session.refreshCookie));
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        payload: {},
        cookies: { [REFRESH_COOKIE]: rotated ?? '' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      const cleared = response.cookies.find((c) => c.name === REFRESH_COOKIE);
      expect(cleared).toMatchObject({ value: '', path: '/api/auth' });
      expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
      expect((await refresh(rotated)).statusCode).toBe(401);
    });

    it('answers ok without any cookie', async () => {
      const response = await apiPost(app, 'auth/sign-out', {});
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    });
  });

  describe('JWKS', () => {
    it('publishes the public key that verifies issued ID tokens, and no private part', async () => {
      const response = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
      expect(response.statusCode).toBe(200);
      const jwks = response.json<JSONWebKeySet>();
      expect(jwks.keys.length).toBeGreaterThan(0);
      for (const key of jwks.keys) {
        expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
        expect(key.d).toBeUndefined();
      }
      const { idToken } = await signIn(app, ADMIN.username, ADMIN.password);
      const { payload } = await jwtVerify(idToken, createLocalJWKSet(jwks), { issuer: 'helio-ems', audience: 'helio-console' });
      expect(payload.email).toBe(ADMIN.username);
    });
  });
});

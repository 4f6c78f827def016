import type { ErrorBody } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK, type KeyLike } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { createTokenService } from '../auth/tokens';
import { ReusedQuery } from '../db/reused-query';
import { createAuthenticator } from './auth';
import { databaseTargets } from '../testing/databases';
import { createTestApp, signIn } from '../testing/test-app';

const ADMIN = { username: 'admin@helio.local', password: 'Helio-admin-2024!' };

describe.each(databaseTargets())('bearer-token authentication on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let idToken: string;
  let accessToken: string;
  let ourKey: { kid: string; privateKey: KeyLike };
  let claims: { sub: string; email: string; tenant_id: string };

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    app = await createTestApp(db);
    ({ idToken, accessToken } = await signIn(app, ADMIN.username, ADMIN.password));
    const key = await db.selectFrom('signing_keys').selectAll().executeTakeFirstOrThrow();
    ourKey = { kid: key.kid, privateKey: (await importJWK(JSON.parse(key.private_jwk) as JWK, 'ES256')) as KeyLike };
    const user = await db.selectFrom('users').selectAll().where('email', '=', ADMIN.username).executeTakeFirstOrThrow();
    claims = { sub: user.id, email: user.email, tenant_id: user.tenant_id };
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const info = (authorization?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/users/info',
      payload: {},
      headers: authorization === undefined ? {} : { authorization },
    });

  const expect401 = async (authorization: string | undefined, message?: string) => {
    const response = await info(authorization);
    expect(response.statusCode).toBe(401);
    const body = response.json<ErrorBody>();
    expect(body.error.code).toBe('Unauthorized');
    if (message) expect(body.error.message).toBe(message);
  };

  /** A token with our real key, so only the deliberately wrong part can make it fail. */
  const signed = (overrides: { use?: string; aud?: string; iss?: string; expiresIn?: number } = {}) =>
    new SignJWT({ email: claims.email, tenant_id: claims.tenant_id, token_use: overrides.use ?? 'id' })
      .setProtectedHeader({ alg: 'ES256', kid: ourKey.kid })
      .setSubject(claims.sub)
      .setIssuer(overrides.iss ?? 'helio-ems')
      .setAudience(overrides.aud ?? 'helio-console')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + (overrides.expiresIn ?? 900))
      .sign(ourKey.privateKey);

  it('lets a valid ID token through', async () => {
    expect((await info(`Bearer ${idToken}`)).statusCode).toBe(200);
    expect((await info(`Bearer ${await signed()}`)).statusCode).toBe(200);
  });

  it('answers 401 without a bearer token', async () => {
    await expect401(undefined, 'Missing bearer token');
    await expect401(`Basic ${Buffer.from('a:b').toString('base64')}`, 'Missing bearer token');
    await expect401('Bearer', 'Missing bearer token');
  });

  it('answers 401 for a tampered payload and for a signature by another key', async () => {
    const [header, , signature] = idToken.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, tenant_id: 'someone-else', token_use: 'id' })).toString('base64url');
    await expect401(`Bearer ${header}.${forged}.${signature}`, 'Invalid token');

    const foreign = await generateKeyPair('ES256');
    const impostor = await new SignJWT({ email: claims.email, tenant_id: claims.tenant_id, token_use: 'id' })
      .setProtectedHeader({ alg: 'ES256', kid: ourKey.kid })
      .setSubject(claims.sub)
      .setIssuer('helio-ems')
      .setAudience('helio-console')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(foreign.privateKey);
    await expect401(`Bearer ${impostor}`, 'Invalid token');
  });

  it('answers 401 for alg none and for an HMAC token keyed with our public key', async () => {
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const payload = { ...claims, token_use: 'id', iss: 'helio-ems', aud: 'helio-console', iat: now, exp: now + 900 };
    await expect401(`Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`, 'Invalid token');

    const key = await db.selectFrom('signing_keys').select('public_jwk').executeTakeFirstOrThrow();
    const confused = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', kid: ourKey.kid })
      .sign(new TextEncoder().encode(key.public_jwk));
    await expect401(`Bearer ${confused}`, 'Invalid token');
  });

  it('answers 401 for an expired token', async () => {
    const past = await createTokenService(db, { now: () => Date.now() - 16 * 60 * 1000 });
    const { idToken: stale } = await past.issue({ id: claims.sub, email: claims.email, tenantId: claims.tenant_id });
    await expect401(`Bearer ${stale}`, 'Token expired');
  });

  it('answers 401 for an access token, another audience or another issuer', async () => {
    await expect401(`Bearer ${accessToken}`, 'Invalid token');
    await expect401(`Bearer ${await signed({ use: 'access' })}`, 'Invalid token');
    await expect401(`Bearer ${await signed({ aud: 'someone-else' })}`, 'Invalid token');
    await expect401(`Bearer ${await signed({ iss: 'https://evil.example' })}`, 'Invalid token');
  });

  it('answers 401 once the user is disabled, even with an unexpired token', async () => {
    await db.updateTable('users').set({ status: 'disabled' }).where('id', '=', claims.sub).execute();
    try {
      await expect401(`Bearer ${idToken}`, 'User is not active');
    } finally {
      await db.updateTable('users').set({ status: 'active' }).where('id', '=', claims.sub).execute();
    }
  });

  // On SQLite a lookup ends before the next request gets to it; over PostgreSQL's network they overlap.
  if (target.name === 'postgres')
    it('looks a caller up once for requests that arrive together, and afresh for a request after that lookup', async () => {
      const authenticator = createAuthenticator(db, await createTokenService(db));
      // the token verified and its keys read once, so the eight below reach the lookup together
      await authenticator.authenticate(`Bearer ${idToken}`);
      const lookups = jest.spyOn(ReusedQuery.prototype, 'run');
      try {
        const together = await Promise.all(Array.from({ length: 8 }, () => authenticator.authenticate(`Bearer ${idToken}`)));
        expect(together.map((u) => u.sub)).toEqual(Array(8).fill(claims.sub));
        expect(lookups).toHaveBeenCalledTimes(1);
        await db.updateTable('users').set({ status: 'disabled' }).where('id', '=', claims.sub).execute();
        await expect(authenticator.authenticate(`Bearer ${idToken}`)).rejects.toMatchObject({ statusCode: 401 });
        expect(lookups).toHaveBeenCalledTimes(2);
      } finally {
        lookups.mockRestore();
        await db.updateTable('users').set({ status: 'active' }).where('id', '=', claims.sub).execute();
      }
    });

  it('still refuses a token it has verified before once its session is revoked, at once', async () => {
    const own = await signIn(app, ADMIN.username, ADMIN.password);
    expect((await info(`Bearer ${own.idToken}`)).statusCode).toBe(200);
    expect((await info(`Bearer ${own.idToken}`)).statusCode).toBe(200); // now answered from the verified tokens
    const sid = JSON.parse(Buffer.from(own.idToken.split('.')[1] ?? '', 'base64url').toString()) as { sid: string };
    await db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('id', '=', sid.sid).execute();
    await expect401(`Bearer ${own.idToken}`, 'Session has ended');
    expect((await info(`Bearer ${idToken}`)).statusCode).toBe(200);
  });

  it('lets a token through whose session has no row (issued before sessions existed)', async () => {
    const service = await createTokenService(db);
    const { idToken: older } = await service.issue({
      id: claims.sub,
      email: claims.email,
      tenantId: claims.tenant_id,
      sessionId: 'no-such-session',
    });
    expect((await info(`Bearer ${older}`)).statusCode).toBe(200);
  });

  it('verifies tokens signed by another replica sharing the database', async () => {
    const replica = await createTokenService(db);
    const { idToken: fromReplica } = await replica.issue({ id: claims.sub, email: claims.email, tenantId: claims.tenant_id });
    expect((await info(`Bearer ${fromReplica}`)).statusCode).toBe(200);
  });

  it('picks up a signing key another replica added after this one started', async () => {
    // Two replicas racing on first start can each store a key; all sign with the oldest one.
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    await db
      .insertInto('signing_keys')
      .values({
        kid: 'racing-replica-key',
        private_jwk: JSON.stringify(await exportJWK(privateKey)),
        public_jwk: JSON.stringify(await exportJWK(publicKey)),
        alg: 'ES256',
        created_at: '2000-01-01T00:00:00.000Z',
      })
      .execute();
    const replica = await createTokenService(db);
    const { idToken: fromReplica } = await replica.issue({ id: claims.sub, email: claims.email, tenantId: claims.tenant_id });
    expect(JSON.parse(Buffer.from(fromReplica.split('.')[0] ?? '', 'base64url').toString())).toMatchObject({
      kid: 'racing-replica-key',
    });
    expect((await info(`Bearer ${fromReplica}`)).statusCode).toBe(200);
  });
});

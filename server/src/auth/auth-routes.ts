// The user pool's HTTP face: sign-in (with its lockout and the new-password challenge), completing
// that challenge, refresh, sign-out and the JWKS document. None of them takes a bearer token; refresh
// and sign-out work from the http-only refresh cookie.
import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../http/api-module';
import { recordAudit } from '../audit/audit-log';
import { ApiError, unauthorized } from '../http/errors';
import { type IdentityEndpoints } from '@helio/contracts';
import { assertPasswordPolicy, passwordReused, tooManyAttempts } from './auth-schemas';
import { NEW_PASSWORD_REQUIRED, consumeChallenge, createNewPasswordChallenge, findOpenChallenge } from './challenges';
import { hashPassword, verifyPassword } from './passwords';
import { announceAccessEnded } from './access-ended';
import { REFRESH_COOKIE } from './refresh-cookie';
import { revokeFamily, revokeFamilyOfToken, rotateRefreshToken } from './refresh-tokens';
import { clientOf, completeSignIn, userTarget, type IdentityDeps } from './sign-in';
import { admitSignInAttempt, settleSignInSuccess } from './sign-in-throttle';
import { knownDeviceOf } from './device-cookie';
import { authenticate, findUserById, normalizeEmail, setPassword } from './user-pool';

export { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from './refresh-cookie';
export const SIGN_IN_FAILED = 'Incorrect username or password';
export const CHALLENGE_FAILED = 'The sign-in session has expired; sign in again';
export const TEMPORARY_PASSWORD_EXPIRED = 'Temporary password has expired and must be reset by an administrator';

export type SignInBody = IdentityEndpoints['auth/sign-in']['request'];

const jwksResponse = {
  type: 'object',
  required: ['keys'],
  properties: {
    keys: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          kty: { type: 'string' },
          crv: { type: 'string' },
          x: { type: 'string' },
          y: { type: 'string' },
          kid: { type: 'string' },
          alg: { type: 'string' },
          use: { type: 'string' },
        },
      },
    },
  },
} as const;

export function authHandlers(deps: IdentityDeps): ApiHandlers {
  const { db, bus, tokens, cookie } = deps;

  return {
    'auth/sign-in': async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const account = normalizeEmail(request.body.username);
      const device = await knownDeviceOf(request, tokens, account);
      const subject = { account, address: request.ip, ...(device ? { device } : {}) };
      const admission = await admitSignInAttempt(db, subject);
      if (!admission.admitted) throw tooManyAttempts(reply, admission.retryAfterSeconds);

      const result = await authenticate(db, request.body.username, request.body.password);
      const failed = (user: typeof result.user, reason: string, extra: Record<string, unknown> = {}) =>
        recordAudit(db, {
          tenantId: user?.tenant_id ?? null,
          action: 'auth.sign_in_failed',
          target: user ? userTarget(user) : null,
          details: { username: subject.account, reason, ...extra },
          address: subject.address,
        });
      if (result.status === 'invalid') {
        const locked = admission.retryAfterSeconds;
        await failed(result.user, 'invalid', locked > 0 ? { lockedForSeconds: locked } : {});
        if (locked > 0) throw tooManyAttempts(reply, locked);
        throw new ApiError(401, 'NotAuthorized', SIGN_IN_FAILED);
      }
      await settleSignInSuccess(db, subject, admission);
      if (result.status === 'disabled') {
        await failed(result.user, 'disabled');
        throw new ApiError(403, 'UserDisabled', 'User is disabled');
      }
      const { user } = result;
      if (user.temporary_password_expires_at !== null) {
        if (user.temporary_password_expires_at <= new Date().toISOString()) {
          await failed(user, 'temporary_password_expired');
          throw new ApiError(401, 'PasswordExpired', TEMPORARY_PASSWORD_EXPIRED);
        }
        return { challenge: NEW_PASSWORD_REQUIRED, session: await createNewPasswordChallenge(db, user.id) };
      }
      return completeSignIn(deps, request, reply, user, 'password');
    },
    'auth/complete-new-password': async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { session, newPassword } = request.body;
      assertPasswordPolicy(newPassword);
      const challenge = await findOpenChallenge(db, session);
      const user = challenge ? await findUserById(db, challenge.userId) : undefined;
      if (!challenge || !user || user.status !== 'active' || user.temporary_password_expires_at === null) {
        throw new ApiError(401, 'NotAuthorized', CHALLENGE_FAILED);
      }
      if (await verifyPassword(newPassword, user.password_hash)) {
        throw passwordReused('The new password must differ from the temporary one');
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction().execute(async (trx) => {
        if (!(await consumeChallenge(trx, challenge.id))) throw new ApiError(401, 'NotAuthorized', CHALLENGE_FAILED);
        await setPassword(trx, user.id, passwordHash);
        await recordAudit(trx, {
          tenantId: user.tenant_id,
          action: 'auth.new_password_set',
          actor: { id: user.id, email: user.email },
          target: userTarget(user),
          address: clientOf(request).address,
        });
      });
      return completeSignIn(deps, request, reply, user, 'new_password');
    },
    'auth/refresh': async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) throw unauthorized('No refresh token');
      const rotation = await rotateRefreshToken(db, presented);
      if (rotation.status !== 'rotated') {
        if (rotation.revoked) announceAccessEnded(bus, { sessionId: rotation.revoked });
        cookie.clear(reply);
        throw unauthorized(
          rotation.status === 'expired'
            ? 'Refresh token expired'
            : rotation.status === 'reused'
              ? 'Refresh token was already used; the session has been revoked'
              : 'Unknown refresh token',
        );
      }
      const user = await findUserById(db, rotation.userId);
      if (!user || user.status !== 'active') {
        await revokeFamily(db, rotation.familyId);
        announceAccessEnded(bus, { sessionId: rotation.familyId });
        cookie.clear(reply);
        throw user ? new ApiError(403, 'UserDisabled', 'User is disabled') : unauthorized('Unknown user');
      }
      cookie.set(reply, rotation.refresh);
      return tokens.issue({ id: user.id, email: user.email, tenantId: user.tenant_id, sessionId: rotation.familyId });
    },
    'auth/sign-out': async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      const ended = presented ? await revokeFamilyOfToken(db, presented) : undefined;
      if (ended) announceAccessEnded(bus, { sessionId: ended }); // the session's open live streams end now
      cookie.clear(reply);
      return { ok: true };
    },
  };
}

/** The JWKS document (not a JSON endpoint of the API: a well-known address of its own). */
export function registerJwksRoute(app: FastifyInstance, { tokens }: Pick<IdentityDeps, 'tokens'>): void {
  app.get('/.well-known/jwks.json', { schema: { response: { 200: jwksResponse } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return tokens.jwks();
  });
}

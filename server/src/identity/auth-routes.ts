// The user pool's HTTP face: sign-in, refresh, sign-out and the JWKS document. These are the only API
// routes that need no bearer token; refresh and sign-out work from the http-only refresh cookie.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { ApiError, errorResponseSchema, unauthorized } from '../http/errors';
import {
  issueRefreshToken,
  pruneExpiredRefreshTokens,
  revokeFamily,
  revokeFamilyOfToken,
  rotateRefreshToken,
  type IssuedRefreshToken,
} from './refresh-tokens';
import type { TokenService } from './tokens';
import { authenticate, findUserById } from './user-pool';

export const REFRESH_COOKIE = 'helio_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';
export const SIGN_IN_FAILED = 'Incorrect username or password';

export interface SignInBody {
  username: string;
  password: string;
}

const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

const signInBody = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 320 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
  },
} as const;

const tokenResponse = {
  type: 'object',
  required: ['idToken', 'accessToken', 'expiresIn'],
  properties: {
    idToken: { type: 'string' },
    accessToken: { type: 'string' },
    expiresIn: { type: 'integer' },
  },
} as const;

const okResponse = { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } } as const;

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

const errors = { '4xx': errorResponseSchema, '5xx': errorResponseSchema };

export interface AuthRouteDeps {
  db: Kysely<Database>;
  config: Config;
  tokens: TokenService;
}

export async function registerAuthRoutes(app: FastifyInstance, { db, config, tokens }: AuthRouteDeps): Promise<void> {
  const cookieOptions = {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.secureCookies,
  };
  const setRefreshCookie = (reply: FastifyReply, refresh: IssuedRefreshToken) =>
    reply.setCookie(REFRESH_COOKIE, refresh.token, {
      ...cookieOptions,
      expires: refresh.expiresAt,
      maxAge: Math.round((refresh.expiresAt.getTime() - Date.now()) / 1000),
    });
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, cookieOptions);

  app.post<{ Body: SignInBody }>(
    '/api/auth/sign-in',
    { schema: { body: signInBody, response: { 200: tokenResponse, ...errors } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const result = await authenticate(db, request.body.username, request.body.password);
      if (result.status === 'invalid') throw new ApiError(401, 'NotAuthorized', SIGN_IN_FAILED);
      if (result.status === 'disabled') throw new ApiError(403, 'UserDisabled', 'User is disabled');
      const { user } = result;
      await pruneExpiredRefreshTokens(db);
      const issued = await tokens.issue({ id: user.id, email: user.email, tenantId: user.tenant_id });
      setRefreshCookie(reply, await issueRefreshToken(db, user.id));
      return issued;
    },
  );

  app.post(
    '/api/auth/refresh',
    { schema: { body: emptyBody, response: { 200: tokenResponse, ...errors } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) throw unauthorized('No refresh token');
      const rotation = await rotateRefreshToken(db, presented);
      if (rotation.status !== 'rotated') {
        clearRefreshCookie(reply);
        throw unauthorized(
          rotation.status === 'expired' ? 'Refresh token expired' : rotation.status === 'reused'
            ? 'Refresh token was already used; the session has been revoked'
            : 'Unknown refresh token',
        );
      }
      const user = await findUserById(db, rotation.userId);
      if (!user || user.status !== 'active') {
        await revokeFamily(db, rotation.familyId);
        clearRefreshCookie(reply);
        throw user ? new ApiError(403, 'UserDisabled', 'User is disabled') : unauthorized('Unknown user');
      }
      setRefreshCookie(reply, rotation.refresh);
      return tokens.issue({ id: user.id, email: user.email, tenantId: user.tenant_id });
    },
  );

  app.post(
    '/api/auth/sign-out',
    { schema: { body: emptyBody, response: { 200: okResponse, ...errors } } },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (presented) await revokeFamilyOfToken(db, presented);
      clearRefreshCookie(reply);
      return { ok: true };
    },
  );

  app.get('/.well-known/jwks.json', { schema: { response: { 200: jwksResponse } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return tokens.jwks();
  });
}

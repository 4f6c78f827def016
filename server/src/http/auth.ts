// Bearer authentication for API routes. The ID token proves who is calling; the user row (one primary
// key lookup) supplies role and modules and makes a disabled account stop working at once.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { TokenService } from '../identity/tokens';
import { findUserById } from '../identity/user-pool';
import { unauthorized } from './errors';

export interface AuthUser {
  sub: string;
  email: string;
  tenantId: string;
  role: string;
  modules: string[];
}

export interface Authenticator {
  /** Resolves the caller from an Authorization header value or throws a 401 ApiError. */
  authenticate(authorization: string | undefined): Promise<AuthUser>;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticator: Authenticator;
  }
  interface FastifyRequest {
    /** Set by the requireUser preHandler; only read it in routes that use it. */
    user: AuthUser;
  }
}

export function parseModules(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string') : [];
  } catch {
    return [];
  }
}

export function createAuthenticator(db: Kysely<Database>, tokens: TokenService): Authenticator {
  return {
    async authenticate(authorization) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
      if (!match?.[1]) throw unauthorized('Missing bearer token');
      let claims;
      try {
        claims = await tokens.verifyIdToken(match[1]);
      } catch (error) {
        throw unauthorized(error instanceof joseErrors.JWTExpired ? 'Token expired' : 'Invalid token');
      }
      const user = await findUserById(db, claims.sub);
      if (!user || user.tenant_id !== claims.tenantId || user.status !== 'active') {
        throw unauthorized('User is not active');
      }
      return {
        sub: user.id,
        email: user.email,
        tenantId: user.tenant_id,
        role: user.role,
        modules: parseModules(user.modules),
      };
    },
  };
}

/** Installs the authenticator the requireUser preHandler uses; buildApp calls it once on the root. */
export function installAuthentication(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorate('authenticator', authenticator);
  app.decorateRequest('user', null as unknown as AuthUser);
}

/** preHandler for authenticated routes: sets request.user or answers 401 {"error":{"code":"Unauthorized"}}. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  request.user = await request.server.authenticator.authenticate(request.headers.authorization);
}

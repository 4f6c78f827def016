// Bearer authentication for API routes. The ID token proves who is calling; the user row (one primary
// key lookup) supplies role and modules and makes a disabled account stop working at once.
import type { FastifyInstance } from 'fastify';
import { errors as joseErrors } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { TokenService } from '../auth/tokens';
import type { Permission } from '../iam/permissions';
import type { ApiKeyReach } from '../plants/access';
import { effectivePermissions } from '../iam/roles';
import { unauthorized } from './errors';
import { ReusedQuery } from '../db/reused-query';
import { API_KEY_PREFIX } from '@helio/contracts';

export interface AuthUser {
  sub: string;
  email: string;
  tenantId: string;
  /** The built-in role column ('viewer' for holders of a custom role). */
  role: string;
  modules: string[];
  /** The effective role: a built-in role key, or the id of the user's custom role. */
  roleId: string;
  /** What the effective role allows. */
  permissions: Permission[];
  /** The sign-in session of the token, when it names one. */
  sessionId?: string;
  /** Set when the caller is an API key (integrations/key-auth.ts): the plants it reaches and its role on them. */
  apiKey?: ApiKeyReach;
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
    /** Set by the access hook (iam/access-hook.ts) on every route that declares a permission or module. */
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

/** Resolves API keys (`Bearer helio_…`); integrations/key-auth.ts makes one. */
export interface KeyAuthenticator {
  authenticate(token: string): Promise<AuthUser>;
}

export function createAuthenticator(db: Kysely<Database>, tokens: TokenService, keys?: KeyAuthenticator): Authenticator {
  // One statement reads the user, its custom role and the token's session: a request pays one
  // lookup, not two. A session id no row has (tokens from before sessions existed) is not revoked.
  // Built once, run with each request's user and session (slots 0 and 1).
  const userLookup = new ReusedQuery(db, (q, slot) =>
    q
      .selectFrom('users')
      .leftJoin('roles', 'roles.id', 'users.custom_role_id')
      .leftJoin('sessions', (join) => join.on('sessions.id', '=', slot(1)))
      .select(['users.id', 'users.email', 'users.tenant_id', 'users.role', 'users.modules', 'users.status'])
      .select(['users.custom_role_id', 'roles.permissions as custom_permissions', 'sessions.revoked_at as session_revoked_at'])
      .where('users.id', '=', slot(0)),
  );
  return {
    async authenticate(authorization) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
      if (!match?.[1]) throw unauthorized('Missing bearer token');
      if (keys && match[1].startsWith(API_KEY_PREFIX)) return keys.authenticate(match[1]);
      let claims;
      try {
        claims = await tokens.verifyIdToken(match[1]);
      } catch (error) {
        throw unauthorized(error instanceof joseErrors.JWTExpired ? 'Token expired' : 'Invalid token');
      }
      // one caller's requests at once share the lookup on its way (at most one round trip old)
      const user = await userLookup.firstShared(claims.sub, claims.sessionId ?? null);
      if (!user || user.tenant_id !== claims.tenantId || user.status !== 'active') {
        throw unauthorized('User is not active');
      }
      if (claims.sessionId !== undefined && user.session_revoked_at !== null) {
        throw unauthorized('Session has ended');
      }
      return {
        sub: user.id,
        email: user.email,
        tenantId: user.tenant_id,
        role: user.role,
        modules: parseModules(user.modules),
        roleId: user.custom_role_id ?? user.role,
        permissions: effectivePermissions(user.role, user.custom_role_id === null ? null : (user.custom_permissions ?? '[]')),
        ...(claims.sessionId === undefined ? {} : { sessionId: claims.sessionId }),
      };
    },
  };
}

/** Installs the authenticator the access hook uses; buildApp calls it once on the root. */
export function installAuthentication(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorate('authenticator', authenticator);
  app.decorateRequest('user', null as unknown as AuthUser);
}

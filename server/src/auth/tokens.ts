// ID and access tokens: short-lived ES256 JWTs signed with the database key ring. The console sends
// the ID token as its bearer credential; both carry the tenant so every request can be scoped.
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { TOKEN_ALG, loadKeyRing, type KeyRing } from './signing-keys';
import { VerifiedTokenCache } from './verified-tokens';

export const TOKEN_ISSUER = 'helio-ems';
export const TOKEN_AUDIENCE = 'helio-console';
export const TOKEN_LIFETIME_S = 15 * 60;

export interface TokenSubject {
  id: string;
  email: string;
  tenantId: string;
  /** The sign-in session (refresh-token family) the tokens belong to, as the `sid` claim. */
  sessionId?: string;
}

export interface IssuedTokens {
  idToken: string;
  accessToken: string;
  /** Seconds until both tokens expire. */
  expiresIn: number;
}

export interface IdTokenClaims {
  sub: string;
  email: string;
  tenantId: string;
  sessionId?: string;
}

export class InvalidTokenError extends Error {}

/** A browser that signed in to an account before keeps a device token for it this long. */
export const DEVICE_TOKEN_LIFETIME_S = 180 * 24 * 60 * 60;
const DEVICE_AUDIENCE = 'helio-device';

export interface TokenService {
  issue(subject: TokenSubject): Promise<IssuedTokens>;
  /** Verifies signature (ES256 only), issuer, audience, expiry and token_use 'id'; throws otherwise. */
  verifyIdToken(token: string): Promise<IdTokenClaims>;
  jwks(): JSONWebKeySet;
  /** A token naming a new device id that has signed in to `account` (the normalised username). */
  issueDeviceToken(account: string): Promise<string>;
  /** The device id of a valid device token of this account, else undefined (never throws). */
  deviceOf(token: string | undefined, account: string): Promise<string | undefined>;
}

export interface TokenServiceOptions {
  /** Clock for issuing, epoch ms (tests issue tokens in the past). */
  now?: () => number;
  /** Tokens verified before (tests pass one with their own clock). */
  verified?: VerifiedTokenCache<IdTokenClaims>;
}

function sign(keys: KeyRing, subject: TokenSubject, use: 'id' | 'access', nowS: number): Promise<string> {
  const sid = subject.sessionId === undefined ? {} : { sid: subject.sessionId };
  return new SignJWT({ email: subject.email, tenant_id: subject.tenantId, token_use: use, ...sid })
    .setProtectedHeader({ alg: TOKEN_ALG, kid: keys.kid, typ: 'JWT' })
    .setSubject(subject.id)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + TOKEN_LIFETIME_S)
    .setJti(randomUUID())
    .sign(keys.privateKey);
}

export async function createTokenService(db: Kysely<Database>, options: TokenServiceOptions = {}): Promise<TokenService> {
  const keys = await loadKeyRing(db);
  const now = options.now ?? Date.now;
  const verified = options.verified ?? new VerifiedTokenCache<IdTokenClaims>();

  return {
    async issue(subject) {
      const nowS = Math.floor(now() / 1000);
      const [idToken, accessToken] = await Promise.all([sign(keys, subject, 'id', nowS), sign(keys, subject, 'access', nowS)]);
      return { idToken, accessToken, expiresIn: TOKEN_LIFETIME_S };
    },

    async verifyIdToken(token) {
      const known = verified.get(token);
      if (known) return known;
      const { payload } = await jwtVerify(token, keys.verificationKey, {
        algorithms: [TOKEN_ALG],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const { sub, email, tenant_id: tenantId, token_use: use, sid } = payload;
      if (use !== 'id') throw new InvalidTokenError('Not an ID token');
      if (typeof sub !== 'string' || typeof email !== 'string' || typeof tenantId !== 'string') {
        throw new InvalidTokenError('Token claims are incomplete');
      }
      if (sid !== undefined && typeof sid !== 'string') throw new InvalidTokenError('Token session is malformed');
      const claims: IdTokenClaims = sid === undefined ? { sub, email, tenantId } : { sub, email, tenantId, sessionId: sid };
      // exp is a required claim, checked by jwtVerify above
      verified.remember(token, claims, (payload.exp ?? 0) * 1000);
      return claims;
    },

    jwks: () => keys.jwks(),

    issueDeviceToken(account) {
      const nowS = Math.floor(now() / 1000);
      return new SignJWT({ token_use: 'device' })
        .setProtectedHeader({ alg: TOKEN_ALG, kid: keys.kid, typ: 'JWT' })
        .setSubject(account)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(DEVICE_AUDIENCE)
        .setIssuedAt(nowS)
        .setExpirationTime(nowS + DEVICE_TOKEN_LIFETIME_S)
        .setJti(randomUUID())
        .sign(keys.privateKey);
    },

    async deviceOf(token, account) {
      if (!token || token.length > 2048) return undefined;
      try {
        const { payload } = await jwtVerify(token, keys.verificationKey, {
          algorithms: [TOKEN_ALG],
          issuer: TOKEN_ISSUER,
          audience: DEVICE_AUDIENCE,
          subject: account,
          requiredClaims: ['jti', 'exp'],
        });
        return payload.token_use === 'device' ? payload.jti : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

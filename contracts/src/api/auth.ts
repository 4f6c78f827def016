// The user pool: sign-in (with the new-password challenge), refresh, sign-out, forgotten and changed
// passwords, and a user's own sessions.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint, IdBody, NoBody, Nullable, Ok, strict, StringEnum, type EndpointTypes, PUBLIC, access, SIGNED_IN } from './common';

const Username = Type.String({ minLength: 1, maxLength: 320 });
/** Any length is accepted on the way in; the policy (and its message) decides, not a schema error. */
const Password = Type.String({ minLength: 1, maxLength: 1024 });

export const NEW_PASSWORD_REQUIRED = 'NEW_PASSWORD_REQUIRED';

export const TokenResponse = Type.Object({
  idToken: Type.String(),
  accessToken: Type.String(),
  /** seconds until both tokens expire */
  expiresIn: Type.Integer(),
});
export type TokenResponse = Static<typeof TokenResponse>;

/** sign-in's other answer: an invited user must replace the temporary password (session: 3 min, single use). */
export interface NewPasswordChallenge {
  challenge: typeof NEW_PASSWORD_REQUIRED;
  session: string;
}

/** Tokens, or the challenge; written as one object whose fields are all optional (one serializer, no anyOf). */
export const SignInResponse = Type.Unsafe<TokenResponse | NewPasswordChallenge>(
  Type.Object({
    idToken: Type.Optional(Type.String()),
    accessToken: Type.Optional(Type.String()),
    expiresIn: Type.Optional(Type.Integer()),
    challenge: Type.Optional(StringEnum([NEW_PASSWORD_REQUIRED])),
    session: Type.Optional(Type.String()),
  }),
);

export const SessionView = Type.Object({
  id: Type.String(),
  /** e.g. "Chrome on Linux" */
  device: Type.String(),
  userAgent: Nullable(Type.String()),
  address: Nullable(Type.String()),
  createdAt: Type.String(),
  lastUsedAt: Type.String(),
  /** The session of this browser. */
  current: Type.Boolean(),
});
export type SessionView = Static<typeof SessionView>;

export const identityEndpoints = {
  'auth/sign-in': endpoint(Type.Object({ username: Username, password: Password }, strict), SignInResponse, PUBLIC),
  'auth/complete-new-password': endpoint(
    Type.Object({ session: Type.String({ minLength: 1, maxLength: 200 }), newPassword: Password }, strict),
    TokenResponse,
    PUBLIC,
  ),
  'auth/refresh': endpoint(NoBody, TokenResponse, PUBLIC),
  'auth/sign-out': endpoint(NoBody, Ok, PUBLIC),
  'auth/forgot-password': endpoint(Type.Object({ username: Username }, strict), Ok, PUBLIC),
  'auth/confirm-forgot-password': endpoint(
    Type.Object({ username: Username, code: Type.String({ maxLength: 6, pattern: '^[0-9]{6}$' }), newPassword: Password }, strict),
    Ok,
    PUBLIC,
  ),
  'auth/change-password': endpoint(Type.Object({ currentPassword: Password, newPassword: Password }, strict), Ok, access(SIGNED_IN)),
  'auth/sessions/list': endpoint(NoBody, Type.Object({ sessions: Type.Array(SessionView) }), access(SIGNED_IN)),
  'auth/sessions/revoke': endpoint(IdBody, Ok, access(SIGNED_IN, { tenantResources: [{ field: 'id', kind: 'session' }] })),
  'auth/sessions/revoke-others': endpoint(NoBody, Type.Object({ revoked: Type.Integer() }), access(SIGNED_IN)),
};
export type IdentityEndpoints = EndpointTypes<typeof identityEndpoints>;

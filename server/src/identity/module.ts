// identity: sign-in, the new-password challenge, refresh and sign-out, password changes and resets, and
// the caller's sessions (auth/*).
import { apiModule } from '../http/api-module';
import { authHandlers } from './auth-routes';
import { passwordHandlers } from './password-routes';
import { sessionHandlers } from './session-routes';
import type { IdentityDeps } from './sign-in';

export const identityModule = apiModule('identity', ({ identity }: { identity: IdentityDeps }) => ({
  ...authHandlers(identity),
  ...passwordHandlers(identity),
  ...sessionHandlers(identity),
}));

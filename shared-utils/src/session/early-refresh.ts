// On a signed-in reload index.html sends POST /api/auth/refresh itself, before the shell's scripts
// have arrived and evaluated (~100 ms on a loaded machine); the session client takes that request's
// answer instead of asking again. A refresh rotates the refresh cookie, so it is taken at most once.
import type { TokenResponse } from '../api/endpoints';
import { jsonAnswer } from '../api/http';

declare global {
  interface Window {
    /** Set by index.html's inline script; see above. */
    helioEarlyRefresh?: Promise<Response>;
  }
}

/** The tokens of the refresh index.html started, or null when it started none (or it was taken). */
export function takeEarlyRefresh(): Promise<TokenResponse> | null {
  if (typeof window === 'undefined') return null;
  const sent = window.helioEarlyRefresh;
  if (!sent) return null;
  delete window.helioEarlyRefresh;
  return jsonAnswer<TokenResponse>('auth/refresh', sent);
}

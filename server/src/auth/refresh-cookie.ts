// The http-only refresh-token cookie: only sent to /api/auth, never readable by scripts, never cross-site.
import type { FastifyReply } from 'fastify';
import type { IssuedRefreshToken } from './refresh-tokens';

export const REFRESH_COOKIE = 'helio_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

export interface RefreshCookie {
  /** Whether cookies are marked Secure (SECURE_COOKIES). */
  secure: boolean;
  set(reply: FastifyReply, refresh: IssuedRefreshToken): void;
  clear(reply: FastifyReply): void;
}

export function refreshCookie(secure: boolean): RefreshCookie {
  const options = { path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'strict' as const, secure };
  return {
    secure,
    set: (reply, refresh) =>
      void reply.setCookie(REFRESH_COOKIE, refresh.token, {
        ...options,
        expires: refresh.expiresAt,
        maxAge: Math.round((refresh.expiresAt.getTime() - Date.now()) / 1000),
      }),
    clear: (reply) => void reply.clearCookie(REFRESH_COOKIE, options),
  };
}

// Where to go after signing in: the page a signed-out visitor asked for, kept in sessionStorage.
// Only same-origin paths outside /auth are honoured, so a crafted value cannot send the user away.
import { readStorage, writeStorage } from './browser-storage';

export const RETURN_TO_KEY = 'helio.returnTo';

const isAuthPath = (pathname: string) => pathname === '/auth' || pathname.startsWith('/auth/');

/** The path to return to, or null when the value is not a safe same-origin path. */
export function safeReturnPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin || isAuthPath(url.pathname)) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** Reads and removes the remembered path; '/' when there is none or it is not safe. */
export function takeReturnTo(): string {
  const value = readStorage('session', RETURN_TO_KEY);
  writeStorage('session', RETURN_TO_KEY, null);
  return safeReturnPath(value) ?? '/';
}

/** Remembers the current page (unless it is an auth page) so signing in again comes back to it. */
export function rememberReturnTo(): void {
  const { pathname, search, hash } = window.location;
  const path = safeReturnPath(pathname + search + hash);
  if (path) writeStorage('session', RETURN_TO_KEY, path);
}

// Signing in and out, restoring the session from the refresh cookie, and refreshing the tokens every
// 5 minutes. A "generation" counter lets sign-in/sign-out win over an answer that arrives too late.
import { navigateToUrl } from 'single-spa';
import type { TokenResponse } from '../api/endpoints';
import { postJson } from '../api/http';
import { ACTIVE_PLANT_STORAGE_KEY, resetActivePlant } from '../plants/active-plant';
import { queryClient } from '../query/query-client';
import { clearStorage, readStorage, writeStorage } from './browser-storage';
import { RETURN_TO_KEY, rememberReturnTo } from './return-to';
import { currentSession, setSessionState, type Session } from './session';
import { sessionFrom } from './token-claims';

export const TOKEN_REFRESH_MS = 300000;
export const SIGN_OUT_PATH = '/auth/sign-out';
/** Refresh before a call when the token has less than this left (e.g. after the laptop slept). */
const EXPIRY_MARGIN_MS = 30000;
/** Developer tooling (import-map-overrides) is not session data and survives sign-out. */
const KEEP_LOCAL_PREFIXES = ['import-map-override'];
/**
 * Set while this browser holds a session. The refresh cookie is http-only, so a page cannot see it:
 * without this mark every signed-out page (the sign-in form) would ask /api/auth/refresh and log its
 * 401. It is only a hint that a session may exist; the cookie decides. Sign-out clears it with the rest.
 */
export const SIGNED_IN_MARK_KEY = 'helio.signedIn';

let generation = 0;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let restoring: Promise<Session | null> | null = null;
let refreshing: Promise<Session> | null = null;
let expiring = false;

function stopRefreshTimer(): void {
  if (refreshTimer !== undefined) clearTimeout(refreshTimer);
  refreshTimer = undefined;
}

function startSession(tokens: TokenResponse): Session {
  const session = sessionFrom(tokens);
  writeStorage('local', SIGNED_IN_MARK_KEY, '1');
  setSessionState(session);
  stopRefreshTimer();
  refreshTimer = setTimeout(() => {
    refreshTimer = undefined;
    refreshSession().catch(() => undefined); // the failure is handled inside
  }, TOKEN_REFRESH_MS);
  return session;
}

/**
 * POST /api/auth/refresh (http-only cookie); on the first load it tells whether a session exists.
 * `justSignedIn`: a sign-in answered by the server has just set the cookie, so ask even though this
 * browser holds no mark yet.
 */
export function restoreSession({ justSignedIn = false }: { justSignedIn?: boolean } = {}): Promise<Session | null> {
  if (restoring) return restoring;
  if (!justSignedIn && readStorage('local', SIGNED_IN_MARK_KEY) === null) {
    // never signed in here, or signed out since: nothing to restore, and no 401 to log
    if (currentSession() === undefined) setSessionState(null);
    return Promise.resolve(currentSession() ?? null);
  }
  const started = generation;
  restoring = postJson<TokenResponse>('auth/refresh', {})
    .then(
      (tokens) => (started === generation ? startSession(tokens) : (currentSession() ?? null)),
      () => {
        if (started !== generation) return currentSession() ?? null;
        stopRefreshTimer();
        writeStorage('local', SIGNED_IN_MARK_KEY, null);
        setSessionState(null);
        return null;
      },
    )
    .finally(() => {
      restoring = null;
    });
  return restoring;
}

/** Renews the tokens of the running session; a failure ends the session. */
export function refreshSession(): Promise<Session> {
  if (refreshing) return refreshing;
  const started = generation;
  refreshing = postJson<TokenResponse>('auth/refresh', {})
    .then(
      (tokens) => {
        if (started !== generation) throw new Error('The session ended during the refresh');
        return startSession(tokens);
      },
      (error: unknown) => {
        if (started === generation) {
          console.error('Failed to refresh token');
          void expireSession();
        }
        throw error;
      },
    )
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The ID token for a call, renewed first when it is about to expire; null when signed out. */
export async function validIdToken(now = Date.now()): Promise<string | null> {
  const session = currentSession();
  if (!session) return null;
  if (session.expiresAt - EXPIRY_MARGIN_MS > now) return session.idToken;
  return (await refreshSession()).idToken;
}

/**
 * Starts the session whose tokens a sign-in answered (the auth app reads sign-in's challenge answer
 * itself). The same answer set the refresh cookie; asking auth/refresh to confirm it would put one
 * more round trip between the sign-in and the first page, so only a browser that refuses cookies is
 * turned away here (the session would end at the first refresh).
 */
export function startSignedInSession(tokens: TokenResponse): Session {
  if (typeof navigator !== 'undefined' && navigator.cookieEnabled === false) {
    throw new Error('The session could not be started; check that cookies are allowed');
  }
  ++generation;
  return startSession(tokens);
}

export async function signIn(username: string, password: string): Promise<Session> {
  const started = ++generation;
  const tokens = await postJson<TokenResponse>('auth/sign-in', { username, password });
  if (started !== generation) throw new Error('Signed out while signing in');
  return startSession(tokens);
}

/** Answers sign-in's NEW_PASSWORD_REQUIRED challenge; the server then signs the user in. */
export async function completeNewPassword(session: string, newPassword: string): Promise<Session> {
  const started = ++generation;
  const tokens = await postJson<TokenResponse>('auth/complete-new-password', { session, newPassword });
  if (started !== generation) throw new Error('Signed out while signing in');
  return startSession(tokens);
}

export async function signOut(): Promise<void> {
  generation++;
  stopRefreshTimer();
  try {
    await postJson('auth/sign-out', {});
  } catch {
    // The server may be unreachable; signing out locally must still work.
  }
  queryClient.clear();
  clearStorage('local', [ACTIVE_PLANT_STORAGE_KEY], KEEP_LOCAL_PREFIXES);
  clearStorage('session', [RETURN_TO_KEY]);
  resetActivePlant();
  setSessionState(null);
}

/** Which session calls are made in: it changes with every sign-in and sign-out. */
export function sessionGeneration(): number {
  return generation;
}

/**
 * The session is no longer valid (refresh failed, a call answered 401): sign out, go to sign-out.
 * `madeIn` is the generation of the call that found out: when the session it was made in has already
 * ended (the user signed out meanwhile, say on /auth/sign-out, which revokes the session while the
 * shell's first calls are still out), its 401 says nothing of the current state, and signing out
 * again would take the page back to /auth/sign-out after it had moved on to sign-in.
 */
export async function expireSession(madeIn?: number): Promise<void> {
  if (madeIn !== undefined && madeIn !== generation) return;
  if (expiring) return;
  expiring = true;
  try {
    rememberReturnTo();
    await signOut();
    if (window.location.pathname !== SIGN_OUT_PATH) navigateToUrl(SIGN_OUT_PATH);
  } finally {
    expiring = false;
  }
}

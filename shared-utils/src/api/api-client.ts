// The typed API client every app uses: POST /api/<path>, JSON, the bearer ID token. A 401 on a
// signed-in path means the session is gone: sign out and go to /auth/sign-out (unless the session the
// call was made in had already ended).
import { expireSession, sessionGeneration, validIdToken } from '../session/session-client';
import { ApiError } from './api-error';
import type { ApiEndpoints } from './endpoints';
import { postForFile, postJson } from './http';

/** The session's own calls: they need no ID token, and their 401 is an answer, not a lost session.
 * Other auth/* paths (change-password, sessions/*) are signed-in calls like any other. */
const SESSION_PATHS: ReadonlySet<string> = new Set([
  'auth/sign-in',
  'auth/complete-new-password',
  'auth/forgot-password',
  'auth/confirm-forgot-password',
  'auth/refresh',
  'auth/sign-out',
]);
const isAuthPath = (path: string) => SESSION_PATHS.has(path);

export async function apiPost<P extends keyof ApiEndpoints>(
  path: P,
  body: ApiEndpoints[P]['request'],
  init: { signal?: AbortSignal } = {},
): Promise<ApiEndpoints[P]['response']> {
  const madeIn = sessionGeneration();
  const token = isAuthPath(path) ? null : await validIdToken();
  try {
    return await postJson<ApiEndpoints[P]['response']>(path, body, { token, signal: init.signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && !isAuthPath(path)) void expireSession(madeIn);
    throw error;
  }
}

/** An endpoint answering a file (reports/monthly): saved under the server's file name, or `fallbackName`. */
export async function apiDownload<P extends keyof ApiEndpoints>(
  path: P,
  body: ApiEndpoints[P]['request'],
  fallbackName: string,
): Promise<void> {
  const madeIn = sessionGeneration();
  const token = await validIdToken();
  let file: { blob: Blob; fileName: string | null };
  try {
    file = await postForFile(path, body, { token });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) void expireSession(madeIn);
    throw error;
  }
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

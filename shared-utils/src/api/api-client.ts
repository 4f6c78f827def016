// The typed API client every app uses: POST /api/<path>, JSON, the bearer ID token. A 401 on a
// non-auth path means the session is gone: sign out and go to /auth/sign-out.
import { expireSession, validIdToken } from '../session/session-client';
import { ApiError } from './api-error';
import type { ApiEndpoints } from './endpoints';
import { postJson } from './http';

const isAuthPath = (path: string) => path.startsWith('auth/');

export async function apiPost<P extends keyof ApiEndpoints>(
  path: P,
  body: ApiEndpoints[P]['request'],
  init: { signal?: AbortSignal } = {},
): Promise<ApiEndpoints[P]['response']> {
  const token = isAuthPath(path) ? null : await validIdToken();
  try {
    return await postJson<ApiEndpoints[P]['response']>(path, body, { token, signal: init.signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && !isAuthPath(path)) void expireSession();
    throw error;
  }
}

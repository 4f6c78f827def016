// POST /api/<path> with a JSON body; every failure becomes an ApiError. Knows nothing about the
// session, so the session code can use it without a cycle.
import { ApiError, NETWORK_ERROR } from './api-error';

export interface PostOptions {
  token?: string | null;
  signal?: AbortSignal;
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; details?: unknown };
}

function errorFrom(status: number, statusText: string, body: unknown): ApiError {
  const error = (body as ErrorBody | null)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    return new ApiError(status, error.code, error.message, error.details);
  }
  return new ApiError(status, 'HttpError', statusText || `HTTP ${status}`);
}

function networkError(cause: unknown): ApiError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new ApiError(0, NETWORK_ERROR, `The server cannot be reached (${detail})`);
}

export async function postJson<T>(path: string, body: unknown, { token, signal }: PostOptions = {}): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(`/api/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
      signal,
    });
    text = await response.text();
  } catch (error) {
    // A cancelled request is not an unreachable server: the caller (e.g. TanStack Query) expects the abort.
    if (signal?.aborted) throw error;
    throw networkError(error);
  }
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      if (response.ok) throw new ApiError(response.status, 'InvalidResponse', `Invalid JSON from /api/${path}`);
    }
  }
  if (!response.ok) throw errorFrom(response.status, response.statusText, parsed);
  return parsed as T;
}

/** POST /api/<path> with a JSON body for a file answer (a PDF): the file and the name the server gave it. */
export async function postForFile(
  path: string,
  body: unknown,
  { token, signal }: PostOptions = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError(error);
  }
  if (!response.ok) {
    let parsed: unknown = undefined;
    try {
      parsed = await response.json();
    } catch {
      // no JSON error body: the status says it
    }
    throw errorFrom(response.status, response.statusText, parsed);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

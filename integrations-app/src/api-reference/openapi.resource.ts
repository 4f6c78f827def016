// GET /api/openapi.json: the API's own description. Absent (404) is an answer, not a failure: the
// page says the document is not published.
import { useQuery } from '@tanstack/react-query';
import { getIdToken } from '@helio/shared-utils';
import { INTEGRATION_KEYS } from '../api/integrations-api';
import { isOpenApiDocument, type OpenApiDocument } from './openapi';

export const OPENAPI_URL = '/api/openapi.json';

export type OpenApiAnswer = { state: 'ok'; doc: OpenApiDocument } | { state: 'absent' } | { state: 'invalid'; reason: string };

export async function fetchOpenApi(signal?: AbortSignal): Promise<OpenApiAnswer> {
  const token = getIdToken();
  const response = await fetch(OPENAPI_URL, { signal, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (response.status === 404) return { state: 'absent' };
  if (!response.ok) throw new Error(`${OPENAPI_URL}: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { state: 'invalid', reason: 'not JSON' };
  }
  return isOpenApiDocument(body) ? { state: 'ok', doc: body } : { state: 'invalid', reason: 'no openapi or paths' };
}

export function useOpenApi() {
  return useQuery({ queryKey: INTEGRATION_KEYS.openapi, queryFn: ({ signal }) => fetchOpenApi(signal), staleTime: 5 * 60_000 });
}

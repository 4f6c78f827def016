// The app's one seam to the integrations endpoints (server/src/integrations). Their types come from
// the contract the server registers; the calls go through the shared apiPost (token, errors, 401).
import { apiPost, type ApiEndpoints } from '@helio/shared-utils';
import type { IntegrationEndpoints } from '@helio/contracts';

export type { IntegrationEndpoints };
export type Request<P extends keyof IntegrationEndpoints> = IntegrationEndpoints[P]['request'];
export type Response<P extends keyof IntegrationEndpoints> = IntegrationEndpoints[P]['response'];

type AnyPost = (path: keyof ApiEndpoints, body: unknown, init?: { signal?: AbortSignal }) => Promise<unknown>;

export function integrationsPost<P extends keyof IntegrationEndpoints>(
  path: P,
  body: Request<P>,
  init?: { signal?: AbortSignal },
): Promise<Response<P>> {
  // Real server routes the shared catalogue does not name; the answer is typed by the contract.
  return (apiPost as unknown as AnyPost)(path as unknown as keyof ApiEndpoints, body, init) as Promise<Response<P>>;
}

export const INTEGRATION_KEYS = {
  keys: ['integrations', 'keys'] as const,
  webhooks: ['integrations', 'webhooks'] as const,
  deliveries: (webhookId: string) => ['integrations', 'deliveries', webhookId] as const,
  sources: ['integrations', 'sources'] as const,
  openapi: ['integrations', 'openapi'] as const,
};

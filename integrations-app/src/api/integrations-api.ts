// The integrations endpoints' types (server/src/integrations), from the contract the server registers,
// and the app's query keys. The calls go through the shared apiPost (token, errors, 401).
import type { IntegrationEndpoints } from '@helio/contracts';

export type { IntegrationEndpoints };
export type Request<P extends keyof IntegrationEndpoints> = IntegrationEndpoints[P]['request'];
export type Response<P extends keyof IntegrationEndpoints> = IntegrationEndpoints[P]['response'];

export const INTEGRATION_KEYS = {
  keys: ['integrations', 'keys'] as const,
  webhooks: ['integrations', 'webhooks'] as const,
  deliveries: (webhookId: string) => ['integrations', 'deliveries', webhookId] as const,
  sources: ['integrations', 'sources'] as const,
  openapi: ['integrations', 'openapi'] as const,
};

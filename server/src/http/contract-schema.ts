// A route's schemas straight from the contract: its body, its 200 answer and the error shape for
// every 4xx/5xx. Routes register these objects themselves, so the route table can prove where its
// schemas come from.
import { errorResponses, type EndpointSchemas } from '@helio/contracts';

export function contractSchema<E extends EndpointSchemas>(endpoint: E) {
  return { body: endpoint.body, response: { 200: endpoint.response, ...errorResponses } };
}

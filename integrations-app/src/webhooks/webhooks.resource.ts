// Webhooks and their delivery log: list, create, switch on/off, delete, deliveries (polled while
// shown, so a retry's outcome appears), redeliver.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@helio/shared-utils';
import { INTEGRATION_KEYS, type Request } from '../api/integrations-api';

const DELIVERY_POLL_MS = 5_000;

export function useWebhooks() {
  return useQuery({
    queryKey: INTEGRATION_KEYS.webhooks,
    queryFn: ({ signal }) => apiPost('integration/webhook/list', {}, { signal }),
  });
}

function useWebhookMutation<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: ['integrations'] }) });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: Request<'integration/webhook/create'>) => apiPost('integration/webhook/create', body));
export const useUpdateWebhook = () =>
  useWebhookMutation((body: Request<'integration/webhook/update'>) => apiPost('integration/webhook/update', body));
export const useDeleteWebhook = () => useWebhookMutation((id: string) => apiPost('integration/webhook/delete', { id }));
export const useRedeliver = () => useWebhookMutation((id: string) => apiPost('integration/webhook/redeliver', { id }));

export function useDeliveries(webhookId: string) {
  return useQuery({
    queryKey: INTEGRATION_KEYS.deliveries(webhookId),
    queryFn: ({ signal }) => apiPost('integration/webhook/deliveries', { webhookId, limit: 50 }, { signal }),
    refetchInterval: DELIVERY_POLL_MS,
  });
}

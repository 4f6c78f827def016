// API keys: the list, and making and revoking one (each refreshes the list).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@helio/shared-utils';
import { INTEGRATION_KEYS, type Request } from '../api/integrations-api';

export function useApiKeys() {
  return useQuery({ queryKey: INTEGRATION_KEYS.keys, queryFn: ({ signal }) => apiPost('integration/key/list', {}, { signal }) });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Request<'integration/key/create'>) => apiPost('integration/key/create', body),
    onSuccess: () => client.invalidateQueries({ queryKey: INTEGRATION_KEYS.keys }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost('integration/key/revoke', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: INTEGRATION_KEYS.keys }),
  });
}

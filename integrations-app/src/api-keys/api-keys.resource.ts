// API keys: the list, and making and revoking one (each refreshes the list).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INTEGRATION_KEYS, integrationsPost, type Request } from '../api/integrations-api';

export function useApiKeys() {
  return useQuery({ queryKey: INTEGRATION_KEYS.keys, queryFn: ({ signal }) => integrationsPost('integration/key/list', {}, { signal }) });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Request<'integration/key/create'>) => integrationsPost('integration/key/create', body),
    onSuccess: () => client.invalidateQueries({ queryKey: INTEGRATION_KEYS.keys }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => integrationsPost('integration/key/revoke', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: INTEGRATION_KEYS.keys }),
  });
}

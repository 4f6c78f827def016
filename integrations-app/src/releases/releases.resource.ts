// The releases of the console's modules: the list (polled while shown, so error rates and an automatic
// rollback appear), and setting a canary, promoting it, rolling back.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiEndpoints } from '@helio/shared-utils';

const RELEASES_KEY = ['integrations', 'releases'] as const;
const RELEASES_POLL_MS = 10_000;

export function useReleases() {
  return useQuery({
    queryKey: RELEASES_KEY,
    queryFn: ({ signal }) => apiPost('releases/list', {}, { signal }),
    refetchInterval: RELEASES_POLL_MS,
  });
}

function useReleaseChange<B>(call: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: RELEASES_KEY }) });
}

export const useSetCanary = () => useReleaseChange((body: ApiEndpoints['releases/canary']['request']) => apiPost('releases/canary', body));
export const usePromote = () => useReleaseChange((module: string) => apiPost('releases/promote', { module }));
export const useRollback = () => useReleaseChange((module: string) => apiPost('releases/rollback', { module }));

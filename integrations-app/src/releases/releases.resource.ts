// The releases of the console's modules: the list (polled while shown, so error rates and an automatic
// rollback appear), and setting a canary, promoting it, rolling back.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiEndpoints } from '@helio/shared-utils';
import type { ReleaseEndpoints } from '@helio/contracts';

const RELEASES_KEY = ['integrations', 'releases'] as const;
const RELEASES_POLL_MS = 10_000;

type AnyPost = (path: keyof ApiEndpoints, body: unknown, init?: { signal?: AbortSignal }) => Promise<unknown>;

function releasesPost<P extends keyof ReleaseEndpoints>(
  path: P,
  body: ReleaseEndpoints[P]['request'],
  init?: { signal?: AbortSignal },
): Promise<ReleaseEndpoints[P]['response']> {
  // Real server routes the shared catalogue does not name; the answer is typed by the contract.
  return (apiPost as unknown as AnyPost)(path as unknown as keyof ApiEndpoints, body, init) as Promise<ReleaseEndpoints[P]['response']>;
}

export function useReleases() {
  return useQuery({
    queryKey: RELEASES_KEY,
    queryFn: ({ signal }) => releasesPost('releases/list', {}, { signal }),
    refetchInterval: RELEASES_POLL_MS,
  });
}

function useReleaseChange<B>(call: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: RELEASES_KEY }) });
}

export const useSetCanary = () =>
  useReleaseChange((body: ReleaseEndpoints['releases/canary']['request']) => releasesPost('releases/canary', body));
export const usePromote = () => useReleaseChange((module: string) => releasesPost('releases/promote', { module }));
export const useRollback = () => useReleaseChange((module: string) => releasesPost('releases/rollback', { module }));

// The active plant's id tags (RFID cards) as /ev manages them, and a charger's free-charging switch.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EvEndpoints } from '@helio/contracts';
import { apiPost, type ApiError } from '@helio/shared-utils';

type IdTagList = EvEndpoints['ev/id-tag/list']['response'];
const idTagsKey = (plantId: string) => ['ev/id-tag/list', plantId] as const;

export function useIdTags(plantId: string) {
  return useQuery<IdTagList, ApiError>({
    queryKey: idTagsKey(plantId),
    queryFn: ({ signal }) => apiPost('ev/id-tag/list', { plantId }, { signal }),
  });
}

/** A change of the plant's cards; the list is read again after it. */
function useIdTagChange<P extends 'ev/id-tag/add' | 'ev/id-tag/block' | 'ev/id-tag/remove'>(path: P, plantId: string) {
  const queryClient = useQueryClient();
  return useMutation<EvEndpoints[P]['response'], ApiError, Omit<EvEndpoints[P]['request'], 'plantId'>>({
    mutationFn: (request) => apiPost(path, { ...request, plantId } as EvEndpoints[P]['request']),
    onSettled: () => queryClient.invalidateQueries({ queryKey: idTagsKey(plantId) }),
  });
}

export const useAddIdTag = (plantId: string) => useIdTagChange('ev/id-tag/add', plantId);
export const useBlockIdTag = (plantId: string) => useIdTagChange('ev/id-tag/block', plantId);
export const useRemoveIdTag = (plantId: string) => useIdTagChange('ev/id-tag/remove', plantId);

export function useFreeCharging(plantId: string) {
  const queryClient = useQueryClient();
  return useMutation<EvEndpoints['ev/charger/free-charging']['response'], ApiError, EvEndpoints['ev/charger/free-charging']['request']>({
    mutationFn: (request) => apiPost('ev/charger/free-charging', request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ev/charger/list', plantId] }),
  });
}

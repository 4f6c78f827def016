// The organisation's plant tags (tag/list) and the calls that change them. A change refreshes the tag
// list and the plants table (its tag column and filter come from the registry).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiEndpoints, type ApiError, type PlantTag, type TagColour } from '@helio/shared-utils';
import { REGISTRY_KEY } from '../plants/plants.resource';

export const TAGS_KEY = ['tag/list'] as const;

export function useTags() {
  return useQuery<{ tags: PlantTag[]; colours: TagColour[] }, ApiError>({
    queryKey: TAGS_KEY,
    queryFn: ({ signal }) => apiPost('tag/list', {}, { signal }),
  });
}

type Call = 'tag/create' | 'tag/update' | 'tag/delete' | 'plant/tags/set';

function useTagChange<P extends Call>(path: P) {
  const queryClient = useQueryClient();
  return useMutation<ApiEndpoints[P]['response'], ApiError, ApiEndpoints[P]['request']>({
    mutationFn: (request) => apiPost(path, request),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: TAGS_KEY }), queryClient.invalidateQueries({ queryKey: REGISTRY_KEY })]),
  });
}

export const useCreateTag = () => useTagChange('tag/create');
export const useUpdateTag = () => useTagChange('tag/update');
export const useDeleteTag = () => useTagChange('tag/delete');
export const useSetPlantTags = () => useTagChange('plant/tags/set');

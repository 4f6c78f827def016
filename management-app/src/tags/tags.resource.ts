// The organisation's plant tags (tag/list) and the calls that change them. A change refreshes the tag
// list and the plants table (its tag column and filter come from the server).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_BULK_PLANTS } from '@helio/contracts/limits';
import { apiPost, type ApiEndpoints, type ApiError, type PlantTag, type TagColour } from '@helio/shared-utils';
import { PLANTS_TABLE_KEY } from '../plants/plants.resource';

export const TAGS_KEY = ['tag/list'] as const;

export function useTags() {
  return useQuery<{ tags: PlantTag[]; colours: TagColour[] }, ApiError>({
    queryKey: TAGS_KEY,
    queryFn: ({ signal }) => apiPost('tag/list', {}, { signal }),
  });
}

type Call = 'tag/create' | 'tag/update' | 'tag/delete' | 'plant/tags/set';

function useTagChange<P extends Call>(
  path: P,
  call: (request: ApiEndpoints[P]['request']) => Promise<ApiEndpoints[P]['response']> = (request) => apiPost(path, request),
) {
  const queryClient = useQueryClient();
  return useMutation<ApiEndpoints[P]['response'], ApiError, ApiEndpoints[P]['request']>({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: TAGS_KEY }), queryClient.invalidateQueries({ queryKey: PLANTS_TABLE_KEY })]),
  });
}

export const useCreateTag = () => useTagChange('tag/create');
export const useUpdateTag = () => useTagChange('tag/update');
export const useDeleteTag = () => useTagChange('tag/delete');
/** "Select all matching" may select a whole fleet: one call per MAX_BULK_PLANTS plants, one after another. */
async function setTagsInParts(request: ApiEndpoints['plant/tags/set']['request']): Promise<ApiEndpoints['plant/tags/set']['response']> {
  const total = { added: 0, removed: 0 };
  for (let i = 0; i < request.plantIds.length; i += MAX_BULK_PLANTS) {
    const part = await apiPost('plant/tags/set', { ...request, plantIds: request.plantIds.slice(i, i + MAX_BULK_PLANTS) });
    total.added += part.added;
    total.removed += part.removed;
  }
  return total;
}

export const useSetPlantTags = () => useTagChange('plant/tags/set', setTagsInParts);

// One plant's settings (plant/detail) and its gateway's live status (hono/plants/get), and the save
// that sends the version it was loaded from.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PLANT_LIST_KEY, apiPost, type ApiError, type PlantDetail, type PlantSettings, type RegistryPlant } from '@helio/shared-utils';
import { STATUS_POLL_MS } from '../plants/plants.resource';

export const plantDetailKey = (id: string) => ['plant/detail', id] as const;

export function usePlantDetail(id: string, enabled = true) {
  return useQuery<PlantDetail, ApiError>({
    queryKey: plantDetailKey(id),
    queryFn: ({ signal }) => apiPost('plant/detail', { id }, { signal }),
    enabled,
  });
}

export function usePlantStatus(id: string) {
  return useQuery<RegistryPlant, ApiError>({
    queryKey: ['hono/plants/get', id],
    queryFn: ({ signal }) => apiPost('hono/plants/get', { id }, { signal }),
    refetchInterval: STATUS_POLL_MS,
  });
}

export interface SaveSettings {
  id: string;
  payload: Partial<PlantSettings>;
  expectedVersion: number;
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation<PlantDetail, ApiError, SaveSettings>({
    mutationFn: (request) => apiPost('plant/update', request),
    onSuccess: async (plant) => {
      queryClient.setQueryData(plantDetailKey(plant.id), plant);
      await queryClient.invalidateQueries({ queryKey: PLANT_LIST_KEY });
    },
  });
}

/** The current plant a 409 carries (details.current), so the form can show what changed. */
export function conflictPlant(error: ApiError | null): PlantDetail | undefined {
  if (!error || error.status !== 409) return undefined;
  const current = (error.details as { current?: PlantDetail } | undefined)?.current;
  return current && typeof current.version === 'number' ? current : undefined;
}

// The user's plants (plant/list with their tenant id) and the active one kept valid against them.
import { useEffect } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost } from '../api/api-client';
import type { ApiError } from '../api/api-error';
import type { Plant } from '../api/endpoints';
import { useObservable } from '../components/use-observable';
import { useCurrentUser } from '../current-user/current-user';
import { activePlant$, setActivePlant, storedActivePlantId } from './active-plant';
import { pickActivePlant } from './pick-active-plant';
import { PLANT_LIST_KEY } from './plant-list-key';

export function usePlants(): UseQueryResult<Plant[], ApiError> {
  const tenantId = useCurrentUser().data?.tenant.id;
  return useQuery<Plant[], ApiError>({
    queryKey: [...PLANT_LIST_KEY, tenantId],
    queryFn: ({ signal }) => apiPost('plant/list', { id: tenantId as string }, { signal }),
    enabled: !!tenantId,
  });
}

export interface ActivePlantState {
  plant: Plant | null;
  plants: Plant[];
  isLoading: boolean;
  error: ApiError | null;
}

const NO_PLANTS: Plant[] = [];

export function useActivePlant(): ActivePlantState {
  const user = useCurrentUser();
  const query = usePlants();
  const active = useObservable(activePlant$, null);
  const plants = query.data ?? NO_PLANTS;
  // The stream's plant when it is still in the list (same id, fresh data), else the stored or first one.
  const plant = query.isSuccess ? pickActivePlant(plants, active?.id ?? storedActivePlantId()) : null;

  useEffect(() => {
    if (query.isSuccess && plant !== active) setActivePlant(plant);
  }, [query.isSuccess, plant, active]);

  const error = query.error ?? user.error ?? null;
  return { plant, plants, isLoading: query.isPending && !error, error };
}

// The user's plants (plant/list with their tenant id) and the active one. The active plant is looked
// up alone (plant/active): the stored one while the user may still see it, else their first plant, so
// no page needs the whole list of a fleet of thousands to show one plant.
import { useEffect } from 'react';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost } from '../api/api-client';
import type { ApiError } from '../api/api-error';
import type { Plant } from '../api/endpoints';
import { useObservable } from '../components/use-observable';
import { useCurrentUser } from '../current-user/current-user';
import { queryClient } from '../query/query-client';
import { session$ } from '../session/session';
import { activePlant$, adoptActivePlantAnswer, storedActivePlantId } from './active-plant';
import { PLANT_LIST_KEY } from './plant-list-key';

/** Every plant of the user (a fleet may be thousands: pages that only show one plant use useActivePlant). */
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
  isLoading: boolean;
  error: ApiError | null;
}

/**
 * Every page, the nav's switcher and the page's gate ask for it as they mount: a minute fresh, so each
 * mount reads the cache instead of asking again; changes to plants refresh it by PLANT_LIST_KEY.
 */
export const ACTIVE_PLANT_STALE_MS = 60_000;

/** plant/active for the tenant (from the session's token) and the wanted plant; shared with the first page's prefetch. */
export function activePlantQuery(tenantId: string | undefined, wanted: string | null) {
  return queryOptions<Plant | null, ApiError>({
    // Under the plant list's key: whatever refreshes the list (a plant created, renamed, access changed) checks it again.
    queryKey: [...PLANT_LIST_KEY, tenantId, 'active', wanted],
    queryFn: async ({ signal }) => {
      const { plant } = await apiPost('plant/active', { id: tenantId as string, ...(wanted ? { plantId: wanted } : {}) }, { signal });
      // The answer becomes the active plant, and the key then names it: it is already known under that key too.
      if (plant && plant.id !== wanted) queryClient.setQueryData([...PLANT_LIST_KEY, tenantId, 'active', plant.id], plant);
      return plant;
    },
    enabled: !!tenantId,
    staleTime: ACTIVE_PLANT_STALE_MS,
  });
}

export function useActivePlant(): ActivePlantState {
  const user = useCurrentUser();
  // The tenant is in the token: the plant is asked for beside the user, not after it.
  const tenantId = useObservable(session$, undefined)?.claims.tenantId;
  const active = useObservable(activePlant$, null);
  const wanted = active?.id ?? storedActivePlantId();
  const query = useQuery(activePlantQuery(tenantId, wanted));
  // A plant just chosen (from a server answer) shows at once, while the server confirms it.
  const plant = query.isSuccess ? query.data : active;

  useEffect(() => {
    if (query.isSuccess) adoptActivePlantAnswer(wanted, query.data);
  }, [query.isSuccess, query.data, wanted]);

  const error = query.error ?? user.error ?? null;
  return { plant, isLoading: plant === null && query.isPending && !error, error };
}

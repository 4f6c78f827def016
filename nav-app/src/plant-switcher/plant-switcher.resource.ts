// The plants the switcher offers, from the server (plant/list with a search and a limit): a fleet of
// thousands sends the nav a few dozen plants, not all of them, on every page.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPost, PLANT_LIST_KEY, useCurrentUser, type ApiError, type Plant } from '@helio/shared-utils';
import { SWITCHER_LIMIT } from './plant-options';

export function useSwitcherPlants(search: string) {
  const tenantId = useCurrentUser().data?.tenant.id;
  return useQuery<Plant[], ApiError>({
    // Under the plant list's key: a plant created or renamed refreshes the switcher too.
    queryKey: [...PLANT_LIST_KEY, tenantId, 'switcher', search],
    queryFn: ({ signal }) =>
      apiPost('plant/list', { id: tenantId as string, limit: SWITCHER_LIMIT + 1, ...(search ? { search } : {}) }, { signal }),
    enabled: !!tenantId,
    placeholderData: keepPreviousData,
  });
}

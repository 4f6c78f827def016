// The access tab's calls (server/src/plants/access-routes.ts): the plant's users with their plant role,
// inviting by e-mail, changing a role and removing. Each change refreshes the list, and the plant
// lists (plant/list, hono/plants/find), since the caller may have changed what they themselves see.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PLANT_LIST_KEY,
  apiPost,
  type ApiError,
  type PlantAccessInviteRequest,
  type PlantAccessUser,
  type PlantRole,
} from '@helio/shared-utils';

export const plantAccessKey = (id: string) => ['plant/access/list', id] as const;

export function usePlantAccess(id: string) {
  return useQuery<PlantAccessUser[], ApiError>({
    queryKey: plantAccessKey(id),
    queryFn: async ({ signal }) => (await apiPost('plant/access/list', { id }, { signal })).users,
  });
}

function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: plantAccessKey(id) });
    await queryClient.invalidateQueries({ queryKey: PLANT_LIST_KEY });
  };
}

export function useInviteToPlant(id: string) {
  const refresh = useRefresh(id);
  return useMutation<{ user: PlantAccessUser; invited: boolean }, ApiError, Omit<PlantAccessInviteRequest, 'id'>>({
    mutationFn: (request) => apiPost('plant/access/invite', { id, ...request }),
    onSuccess: refresh,
  });
}

export function useChangePlantRole(id: string) {
  const refresh = useRefresh(id);
  return useMutation<PlantAccessUser, ApiError, { userId: string; role: PlantRole }>({
    mutationFn: (request) => apiPost('plant/access/update', { id, ...request }),
    onSuccess: refresh,
  });
}

export function useRemoveFromPlant(id: string) {
  const refresh = useRefresh(id);
  return useMutation<{ removed: boolean }, ApiError, { userId: string }>({
    mutationFn: (request) => apiPost('plant/access/remove', { id, ...request }),
    onSuccess: refresh,
  });
}

/** The translation key for a refusal the access tab can explain, else undefined (the server's message is shown). */
export function accessErrorKey(error: ApiError | null): string | undefined {
  if (!error) return undefined;
  const known = ['AlreadyHasAccess', 'SeesEveryPlant', 'UserDisabled'];
  if (known.includes(error.code)) return `access.errors.${error.code}`;
  if (error.status === 403) return 'access.errors.Forbidden';
  if (error.status === 400) return 'access.errors.BadRequest';
  return undefined;
}

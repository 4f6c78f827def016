// Roles and the permission catalogue. They live under the same ['iam'] key as the users, so a change
// to one refreshes the counts shown by the others.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiError, type IamRole, type PermissionView, type RoleInput } from '@helio/shared-utils';
import { IAM_KEY } from '../iam-users/users.resource';

export const ROLES_KEY = ['iam', 'roles'] as const;
export const PERMISSIONS_KEY = ['iam', 'permissions'] as const;

export function useRoles() {
  return useQuery<IamRole[], ApiError>({
    queryKey: ROLES_KEY,
    queryFn: async ({ signal }) => (await apiPost('iam/roles/list', {}, { signal })).roles,
  });
}

export function usePermissionCatalogue() {
  return useQuery<PermissionView[], ApiError>({
    queryKey: PERMISSIONS_KEY,
    queryFn: async ({ signal }) => (await apiPost('iam/permissions/list', {}, { signal })).permissions,
  });
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation<IamRole, ApiError, RoleInput & { id?: string }>({
    mutationFn: ({ id, ...role }) => (id ? apiPost('iam/roles/update', { id, ...role }) : apiPost('iam/roles/create', role)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IAM_KEY }),
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: boolean }, ApiError, string>({
    mutationFn: (id) => apiPost('iam/roles/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IAM_KEY }),
  });
}

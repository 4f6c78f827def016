// The tenant's users and what an admin does to them. Every change refreshes the user list, the roles
// (their user counts) and the audit log, which all reflect it.
import { isModuleKey, type ModuleKey } from '@helio/contracts/limits';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiError, type IamUser, type InviteRequest } from '@helio/shared-utils';

export const IAM_KEY = ['iam'] as const;
export const USERS_KEY = ['iam', 'users'] as const;

export function useUsers(search: string) {
  return useQuery<IamUser[], ApiError>({
    queryKey: [...USERS_KEY, search],
    queryFn: async ({ signal }) => (await apiPost('iam/users/list', search ? { search } : {}, { signal })).users,
    placeholderData: keepPreviousData,
  });
}

function useIamMutation<TVariables, TResult>(call: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation<TResult, ApiError, TVariables>({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IAM_KEY }),
  });
}

export const useInviteUser = () => useIamMutation((body: InviteRequest) => apiPost('iam/users/invite', body));
export const useUpdateUserAccess = () =>
  useIamMutation((body: { id: string; role: string; modules: ModuleKey[] }) => apiPost('iam/users/update', body));

/** Inviting someone still invited mails them a fresh temporary password (server/src/iam/invite.ts). */
export const resendInvitation = (user: IamUser): InviteRequest => ({
  email: user.email,
  name: user.name,
  family_name: user.family_name,
  role: user.role.id,
  modules: user.modules.filter(isModuleKey),
  locale: user.locale,
});

export type UserAction = 'disable' | 'enable' | 'delete';

export const useUserAction = () =>
  useIamMutation(({ action, id }: { action: UserAction; id: string }): Promise<unknown> => {
    if (action === 'disable') return apiPost('iam/users/disable', { id });
    if (action === 'enable') return apiPost('iam/users/enable', { id });
    return apiPost('iam/users/delete', { id });
  });

// The signed-in user's password and sessions.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiError, type SessionView } from '@helio/shared-utils';

export const SESSIONS_KEY = ['account', 'sessions'] as const;

export function useSessions() {
  return useQuery<SessionView[], ApiError>({
    queryKey: SESSIONS_KEY,
    queryFn: async ({ signal }) => (await apiPost('auth/sessions/list', {}, { signal })).sessions,
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: boolean }, ApiError, string>({
    mutationFn: (id) => apiPost('auth/sessions/revoke', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation<{ revoked: number }, ApiError, void>({
    mutationFn: () => apiPost('auth/sessions/revoke-others', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: boolean }, ApiError, { currentPassword: string; newPassword: string }>({
    mutationFn: (body) => apiPost('auth/change-password', body),
    // The server signs out every other session of the user with the old password.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
